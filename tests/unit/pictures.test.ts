/**
 * Pictures stored as storage keys (decision 018): what a URL is stored as, what a stored reference is
 * answered as, which base answers (MEDIA_BASE_URL, our media path, S3), and the CSP origin that follows.
 */
import { describe, expect, it, vi } from 'vitest';
import { thumbnailUrlFor } from '#lib/media-urls';
import { parseConfig } from '#server/config';
import { validateImageList } from '#lib/rules/common';
import { answerImage, imageKeyOf, pictureRef, pictureUrl, storedImage, storedImages } from '#server/media/pictures';
import { createStorage, externalImageOrigin } from '#server/storage/index';

const hash = 'ab'.padEnd(64, 'c');
const key = `ab/${hash}.webp`;

const storageOf = (env: Record<string, string>) => {
  const config = parseConfig({ APP_ENV: 'test', PUBLIC_ORIGIN: 'https://damabwa.kr', ...env });
  return { config, storage: createStorage(config) };
};

const s3 = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'https://s3.example',
  S3_BUCKET: 'pics',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('pictureRef: what the database keeps for a URL', () => {
  it('is the key of our image under any base, this origin or an earlier one, S3 or a CDN', () => {
    for (const url of [
      `https://damabwa.kr/media/${key}`,
      `http://localhost:4321/media/${key}`,
      `https://s3.example/pics/${key}`,
      `https://cdn.example/some/path/${key}`,
      `/media/${key}`,
      key,
    ]) {
      expect(pictureRef(url), url).toBe(key);
    }
  });

  it('keeps anything else as it is: thumbnails, app paths, foreign or odd URLs', () => {
    for (const url of [
      thumbnailUrlFor(`https://damabwa.kr/media/${key}`),
      '/media/test/7.webp',
      'https://elsewhere.example/photo.jpg',
      `https://damabwa.kr/media/${key}?v=1`,
      `https://damabwa.kr/media/${key}#x`,
      `https://damabwa.kr/media/cd/${hash}.webp`, // the shard must be the hash's start
      `javascript:alert(1)//${key}`,
      '',
    ]) {
      expect(pictureRef(url), url).toBe(url);
    }
  });
});

describe('pictureUrl: what the API answers for a stored reference', () => {
  it('builds our keys from the configured base and keeps the tail the thumbnail rule reads', () => {
    const local = storageOf({}).storage;
    expect(pictureUrl(key, local)).toBe(`https://damabwa.kr/media/${key}`);
    expect(thumbnailUrlFor(pictureUrl(key, local))).toBe(`https://damabwa.kr/media/ab/${hash}_480.webp`);
    expect(pictureUrl(key, storageOf({ PUBLIC_ORIGIN: 'https://new.example' }).storage)).toBe(
      `https://new.example/media/${key}`,
    );
    expect(pictureUrl(key, storageOf({ MEDIA_BASE_URL: 'https://cdn.example/m/' }).storage)).toBe(
      `https://cdn.example/m/${key}`,
    );
    expect(pictureUrl(key, storageOf(s3).storage)).toBe(`https://s3.example/pics/${key}`);
    expect(pictureUrl(key, storageOf({ ...s3, S3_PUBLIC_BASE_URL: 'https://img.example' }).storage)).toBe(
      `https://img.example/${key}`,
    );
    expect(
      pictureUrl(
        key,
        storageOf({ ...s3, S3_PUBLIC_BASE_URL: 'https://img.example', MEDIA_BASE_URL: 'https://c.example' }).storage,
      ),
    ).toBe(`https://c.example/${key}`);
  });

  it('builds each URL once per storage, and another storage (a new base) its own', () => {
    const { storage } = storageOf({ PUBLIC_ORIGIN: 'https://once.example' });
    const other = storageOf({ PUBLIC_ORIGIN: 'https://other.example' }).storage;
    const built = vi.spyOn(storage, 'publicUrl');
    const onceKey = `cd/${'cd'.padEnd(64, 'e')}.webp`;
    for (let i = 0; i < 3; i++) expect(pictureUrl(onceKey, storage)).toBe(`https://once.example/media/${onceKey}`);
    expect(built).toHaveBeenCalledTimes(1);
    expect(pictureUrl(onceKey, other)).toBe(`https://other.example/media/${onceKey}`);
  });

  it('answers what is not a key as stored', () => {
    const { storage } = storageOf({});
    for (const ref of ['/media/test/7.webp', 'https://elsewhere.example/x.webp', `https://old.example/media/${key}`]) {
      expect(pictureUrl(ref, storage)).toBe(ref);
    }
  });

  it('round-trips {name, url} and drops whatever else an object carried', () => {
    const { storage } = storageOf({ PUBLIC_ORIGIN: 'https://a.example' });
    const sent = { name: '사진.jpg', url: `https://old.example/media/${key}`, extra: 1 } as never;
    expect(storedImage(sent)).toEqual({ name: '사진.jpg', url: key });
    expect(answerImage({ name: '사진.jpg', url: key, x: 2 } as never, storage)).toEqual({
      name: '사진.jpg',
      url: `https://a.example/media/${key}`,
    });
    expect(imageKeyOf(key)).toBe(key);
    expect(imageKeyOf(`ab/${hash}_480.webp`)).toBeNull();
  });
});

describe('one picture under two bases', () => {
  it('is the same picture twice in a list (422 by the shared rule), as the stored keys would be', () => {
    const limits = { min: 1, max: 10 };
    const messages = { empty: 'e', tooMany: 't', duplicate: 'd' };
    const twice = [
      { name: 'a', url: `https://old.example/media/${key}` },
      { name: 'b', url: `https://new.example/media/${key}` },
    ];
    expect(validateImageList(twice, limits, messages)).toEqual({ ok: false, message: 'd' });
    expect(new Set(storedImages(twice).map((i) => i.url)).size).toBe(1);
    const two = [twice[0], { name: 'c', url: '/media/test/1.webp' }] as { name: string; url: string }[];
    expect(validateImageList(two, limits, messages).ok).toBe(true);
  });
});

describe('MEDIA_BASE_URL', () => {
  it('must be an absolute http(s) URL, and puts its origin in the CSP img-src', () => {
    expect(() => parseConfig({ MEDIA_BASE_URL: 'cdn.example' })).toThrow(/MEDIA_BASE_URL/);
    expect(parseConfig({}).storage.mediaBaseUrl).toBe('');
    const local = storageOf({});
    expect(externalImageOrigin(local.storage, local.config.publicOrigin)).toBeNull();
    const cdn = storageOf({ MEDIA_BASE_URL: 'https://cdn.example/m' });
    expect(externalImageOrigin(cdn.storage, cdn.config.publicOrigin)).toBe('https://cdn.example');
    const bucket = storageOf(s3);
    expect(externalImageOrigin(bucket.storage, bucket.config.publicOrigin)).toBe('https://s3.example');
  });
});
