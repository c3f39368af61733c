/**
 * With STORAGE_DRIVER=s3 the pictures live on another origin (the bucket, or its CDN): the pages' CSP
 * must allow it, or Chromium blocks every uploaded picture. A server of our own against fauxqs, the
 * S3-compatible stand-in, on loopback.
 */
import { expect, test } from '@playwright/test';
import { createEvent, newPhotographer } from '../support/api';
import { startTestS3, type TestS3 } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { watchPage } from './support/browse';

test.describe('pictures on S3-compatible storage', () => {
  let s3: TestS3;
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    s3 = await startTestS3('damabwa-e2e');
    server = await startServer({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  test('an event page and a photographer page display pictures from the bucket', async ({ page }) => {
    const author = await newPhotographer(server.url, { withPage: true });
    const { id } = await createEvent(server.url, author.token);
    const problems = watchPage(page);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });

    // Stored pictures and their 480 px thumbnails are in the bucket; the other sizes of a slot are cut
    // from the bucket's picture by the app and served from its /media (decision 019). Each page shows
    // pictures made from the bucket, and the event page's gallery takes its 480 px one straight from it.
    const fromBucket = (src: string) => src.startsWith(`${s3.endpoint}/`);
    for (const path of [`/event/${id}`, `/photographer/${author.user.id}`]) {
      await page.goto(`${server.url}${path}`);
      const pictures = page.locator(`img[srcset*="${s3.endpoint}/"], img[src^="${s3.endpoint}/"]`);
      await expect(pictures.first(), path).toBeVisible();
      await expect
        .poll(
          () =>
            pictures.evaluateAll((imgs: HTMLImageElement[]) =>
              imgs.filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.currentSrc),
            ),
          { message: `${path}: pictures made from the bucket are displayed` },
        )
        .not.toEqual([]);
      if (path.startsWith('/event/')) {
        const shown = await pictures.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => img.currentSrc));
        expect(shown.some(fromBucket), `${path}: ${shown.join(', ')}`).toBe(true);
      }
    }
    expect(blocked).toEqual([]);
    expect(problems).toEqual([]);
  });
});
