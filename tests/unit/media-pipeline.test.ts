import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#server/http/errors';
import { hashOfMediaKey, imageKey, isMediaKey, thumbnailKey, thumbnailSize, thumbnailUrlFor } from '#server/media/keys';
import { MAX_IMAGE_EDGE, processImage } from '#server/media/pipeline';
import { sniffImageFormat } from '#server/media/sniff';
import { cleanFileName } from '#server/services/files';
import {
  GPS_IFD_TAG,
  ORIENTATION_TAG,
  averageColour,
  exifIfd0Tags,
  phoneJpeg,
  pngClaiming,
  solidPng,
} from '../support/images';

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('sniffImageFormat', () => {
  it('recognises the accepted formats by their bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(sniffImageFormat(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await base.clone().avif().toBuffer())).toBe('avif');
  });

  it('refuses everything else', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(sniffImageFormat(await base.clone().tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('just some text, named photo.jpg'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('tells HEIC from AVIF by the ftyp brands', () => {
    const ftyp = (major: string, ...compatible: string[]) =>
      Buffer.concat([
        Buffer.from([0, 0, 0, 16 + compatible.length * 4]),
        Buffer.from(`ftyp${major}`, 'latin1'),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from(compatible.join(''), 'latin1'),
      ]);
    expect(sniffImageFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageFormat(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffImageFormat(ftyp('isom', 'mp41'))).toBeNull();
  });
});

describe('processImage', () => {
  beforeAll(async () => {
    // Load libvips once so timings below measure the pipeline, not the first import.
    await processImage(await solidPng(16, 16));
  });

  it('turns a 4000×3000 phone JPEG (orientation 6, GPS) into an upright WebP ≤ 2048 px without metadata', async () => {
    const input = await phoneJpeg();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(exifIfd0Tags(inputMeta.exif as Buffer)).toEqual(expect.arrayContaining([GPS_IFD_TAG, ORIENTATION_TAG]));

    const out = await processImage(input);
    const meta = await sharp(out.image.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height).toBeGreaterThan(meta.width ?? 0); // rotated to portrait
    expect([meta.width, meta.height]).toEqual([1536, MAX_IMAGE_EDGE]);
    expect([out.image.width, out.image.height]).toEqual([1536, 2048]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.image.bytes.includes(Buffer.from('DamabwaPhone'))).toBe(false);
    expect(out.image.bytes.includes(Buffer.from('Exif'))).toBe(false);

    // Orientation 6 means "turn 90° clockwise": the left (red) half ends up on top.
    const top = await averageColour(out.image.bytes, { left: 0, top: 0, width: 1536, height: 900 });
    const bottom = await averageColour(out.image.bytes, { left: 0, top: 1148, width: 1536, height: 900 });
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);

    const thumb = await sharp(out.thumbnail.bytes).metadata();
    expect(thumb.format).toBe('webp');
    expect([thumb.width, thumb.height]).toEqual([360, 480]);
    expect(thumb.exif).toBeUndefined();
    expect(thumbnailSize(out.image.width, out.image.height)).toEqual({ width: 360, height: 480 });

    expect(out.sha256).toBe(createHash('sha256').update(out.image.bytes).digest('hex'));
    expect(out.sourceFormat).toBe('jpeg');
  });

  it('never enlarges a small image', async () => {
    const out = await processImage(await solidPng(300, 200));
    expect([out.image.width, out.image.height]).toEqual([300, 200]);
    expect([out.thumbnail.width, out.thumbnail.height]).toEqual([300, 200]);
  });

  it('accepts GIF, WebP and AVIF and always answers WebP', async () => {
    const base = sharp({ create: { width: 640, height: 480, channels: 3, background: '#22aa66' } });
    for (const bytes of [
      await base.clone().gif().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const out = await processImage(bytes);
      expect((await sharp(out.image.bytes).metadata()).format).toBe('webp');
      expect([out.image.width, out.image.height]).toEqual([640, 480]);
    }
  });

  it('gives the same key for the same picture', async () => {
    const png = await solidPng(100, 100, '#abcdef');
    expect((await processImage(png)).sha256).toBe((await processImage(png)).sha256);
  });

  it('refuses a text file named .jpg with 415 and a Korean message', async () => {
    const err = await rejection(processImage(Buffer.from('hello, this is not a picture\n'.repeat(20))));
    expect(err.status).toBe(415);
    expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(err.message).toMatch(/[가-힣]/);
  });

  it('refuses a JPEG that is only a header (unreadable) with 415', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const err = await rejection(processImage(jpeg.subarray(0, 40)));
    expect(err.status).toBe(415);
  });

  it('refuses a PNG whose header claims 100000×100000 within 100 ms, without decoding it', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    const started = performance.now();
    const err = await rejection(processImage(bomb));
    const elapsed = performance.now() - started;
    expect(err.status).toBe(413);
    expect(err.code).toBe('PAYLOAD_TOO_LARGE');
    expect(err.message).toMatch(/해상도/);
    expect(elapsed).toBeLessThan(100);
  });

  it('applies the pixel cap given', async () => {
    const err = await rejection(processImage(await solidPng(200, 200), { maxInputPixels: 10_000 }));
    expect(err.status).toBe(413);
  });
});

describe('media keys', () => {
  const hash = 'ab'.padEnd(64, '0');

  it('shards content-hashed keys and finds the thumbnail from the URL alone', () => {
    expect(imageKey(hash)).toBe(`ab/${hash}.webp`);
    expect(thumbnailKey(hash)).toBe(`ab/${hash}_480.webp`);
    expect(thumbnailUrlFor(`https://cdn.example.com/ab/${hash}.webp`)).toBe(
      `https://cdn.example.com/ab/${hash}_480.webp`,
    );
    expect(thumbnailUrlFor(`http://localhost:4321/media/ab/${hash}.webp`)).toBe(
      `http://localhost:4321/media/ab/${hash}_480.webp`,
    );
    expect(thumbnailUrlFor('https://example.com/demo/banner.png')).toBe('https://example.com/demo/banner.png');
    expect(thumbnailUrlFor(`https://x.test/cd/${hash}.webp`)).toBe(`https://x.test/cd/${hash}.webp`);
  });

  it('serves only keys the pipeline writes', () => {
    expect(isMediaKey(`ab/${hash}.webp`)).toBe(true);
    expect(isMediaKey(`ab/${hash}_480.webp`)).toBe(true);
    expect(hashOfMediaKey(`ab/${hash}_480.webp`)).toBe(hash);
    for (const bad of [
      `cd/${hash}.webp`,
      `../ab/${hash}.webp`,
      `ab/../../etc/passwd`,
      `ab/${hash}.webp/`,
      `/ab/${hash}.webp`,
      `ab/${hash}.webp.tmp`,
      `AB/${hash.toUpperCase()}.webp`,
      `ab\\${hash}.webp`,
      '',
    ]) {
      expect(isMediaKey(bad), bad).toBe(false);
    }
  });
});

describe('cleanFileName', () => {
  it('keeps the name a person chose, without paths or control characters, in NFC', () => {
    expect(cleanFileName('C:\\Users\\me\\사진.jpg')).toBe('사진.jpg');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u202e.jpg')).toBe('ab.jpg');
    expect(cleanFileName('\u1109\u1161\u110c\u1175\u11ab.png')).toBe('사진.png');
    expect(cleanFileName('   ')).toBe('image');
    expect(cleanFileName(undefined)).toBe('image');
    expect(Array.from(cleanFileName('가'.repeat(300)))).toHaveLength(200);
  });
});
