import { describe, expect, it } from 'vitest';
import { webAppManifest } from '#lib/web-app-manifest';

describe('web app manifest', () => {
  it('has what home-screen install needs: Korean name, standalone, start URL /, the spec colours, 192 and 512 icons', () => {
    const m = webAppManifest();
    expect(m.short_name).toBe('담아봐');
    expect(m.name).toMatch(/^담아봐 - /);
    expect(m.lang).toBe('ko');
    expect(m.display).toBe('standalone');
    expect(m.start_url).toBe('/');
    expect(m.theme_color).toBe('#622AA9');
    expect(m.background_color).toBe('#7B35D3');
    const sizes = m.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });
});

describe('public/manifest.webmanifest', () => {
  it('is the module written out (npx tsx scripts/make-app-icons.ts), and its icons exist at their sizes', async () => {
    const { readFile } = await import('node:fs/promises');
    const sharp = (await import('sharp')).default;
    const written: unknown = JSON.parse(await readFile('public/manifest.webmanifest', 'utf8'));
    expect(written).toEqual(webAppManifest());
    for (const icon of webAppManifest().icons) {
      const meta = await sharp(`public${icon.src}`).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('the manifest link (issue 39)', () => {
  it('is in the head of the layout every page renders, naming the public file; no script adds it', async () => {
    const { access, readFile, readdir } = await import('node:fs/promises');
    // Installers, crawlers and Safari read the HTML as served, without running its scripts. The e2e
    // spec first-paint.spec.ts checks the served pages themselves.
    const layout = await readFile('src/layouts/BaseLayout.astro', 'utf8');
    const head = layout.slice(layout.indexOf('<head>'), layout.indexOf('</head>'));
    const links = [...head.matchAll(/<link\s+rel="manifest"\s+href="([^"]+)"\s*\/>/g)].map((m) => m[1]);
    expect(links).toEqual(['/manifest.webmanifest']);
    await access(`public${links[0]}`);
    for (const dir of ['src/islands', 'src/client']) {
      for (const name of await readdir(dir, { recursive: true })) {
        if (!/\.(ts|tsx)$/.test(name)) continue;
        expect(await readFile(`${dir}/${name}`, 'utf8'), name).not.toMatch(/rel\s*=\s*['"]manifest['"]/);
      }
    }
  });
});
