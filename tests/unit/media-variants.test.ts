import { describe, expect, it } from 'vitest';
import { PICTURE_SLOTS, pictureAttrs, thumbnailUrlFor, variantUrlFor } from '#lib/media-urls';
import { parseVariantKey, variantKey } from '#server/media/variants';

const hash = `ab${'0123456789abcdef'.repeat(3)}0123456789abcd`;
const image = `https://cdn.example.com/media/ab/${hash}.webp`;
const thumb = `https://cdn.example.com/media/ab/${hash}_480.webp`;

describe('picture variant URLs', () => {
  it('derives each variant from the URL tail, the thumbnail next to the image and the others on this app', () => {
    expect(hash).toHaveLength(64);
    expect(variantUrlFor(image, 480)).toBe(thumb);
    expect(variantUrlFor(image, 480)).toBe(thumbnailUrlFor(image));
    expect(variantUrlFor(image, 240)).toBe(`/media/ab/${hash}_240.webp`);
    expect(variantUrlFor(image, 960)).toBe(`/media/ab/${hash}_960.webp`);
    expect(variantUrlFor(image, 1440)).toBe(`/media/ab/${hash}_1440.webp`);
  });

  it('takes a thumbnail URL as well as the image URL (cards carry the thumbnail)', () => {
    expect(variantUrlFor(thumb, 240)).toBe(`/media/ab/${hash}_240.webp`);
    expect(variantUrlFor(thumb, 480)).toBe(thumb);
  });

  it('leaves URLs this server did not issue unchanged', () => {
    for (const url of [
      '/og-default.png',
      'https://example.com/a.webp',
      `/media/cd/${hash}.webp`,
      `/media/ab/${hash}_960.webp`,
    ]) {
      expect(variantUrlFor(url, 960)).toBe(url);
      expect(pictureAttrs(url, 'gallery')).toEqual({ src: url, srcset: undefined, sizes: undefined });
    }
  });

  it('gives each slot the widths a 390 px phone needs at 2–3×, smallest first', () => {
    expect(pictureAttrs(image, 'gallery')).toEqual({
      src: `/media/ab/${hash}_960.webp`,
      srcset: `${thumb} 480w, /media/ab/${hash}_960.webp 960w, /media/ab/${hash}_1440.webp 1440w`,
      sizes: '(max-width: 430px) 100vw, 430px',
    });
    expect(pictureAttrs(thumb, 'listRow')).toEqual({
      src: `/media/ab/${hash}_240.webp`,
      srcset: `/media/ab/${hash}_240.webp 240w, ${thumb} 480w`,
      sizes: '96px',
    });
    expect(pictureAttrs(thumb, 'portfolio').srcset).toBe(`/media/ab/${hash}_240.webp 240w, ${thumb} 480w`);
    // One width: no srcset to choose from.
    expect(pictureAttrs(thumb, 'strip')).toEqual({ src: thumb, srcset: undefined, sizes: undefined });
    for (const [name, slot] of Object.entries(PICTURE_SLOTS)) {
      const px = Number(/(\d+)px$/.exec(slot.sizes)?.[1]);
      const widest = Math.max(...slot.edges);
      // The widest variant covers the slot at 2.5× (a 390 px phone's usual density), to within a tenth.
      expect(widest, name).toBeGreaterThanOrEqual(Math.min(px, 390) * 2.5 * 0.9);
      expect(
        [...slot.edges].sort((a, b) => a - b),
        name,
      ).toEqual([...slot.edges]);
      expect(slot.edges, name).toContain(slot.src);
    }
  });
});

describe('variant storage keys', () => {
  it('names a variant next to its image and reads it back', () => {
    expect(variantKey(hash, 960)).toBe(`ab/${hash}_960.webp`);
    expect(parseVariantKey(`ab/${hash}_240.webp`)).toEqual({ hash, edge: 240 });
    expect(parseVariantKey(`ab/${hash}_1440.webp`)).toEqual({ hash, edge: 1440 });
  });

  it('refuses any other key: the stored thumbnail, other sizes, a wrong shard, padded numbers', () => {
    for (const key of [
      `ab/${hash}_480.webp`,
      `ab/${hash}_500.webp`,
      `ab/${hash}_0960.webp`,
      `cd/${hash}_960.webp`,
      `ab/${hash}.webp`,
      `ab/${hash}_960.jpg`,
      `../ab/${hash}_960.webp`,
    ]) {
      expect(parseVariantKey(key), key).toBeNull();
    }
    expect(() => variantKey('nothex', 960)).toThrow();
    expect(() => variantKey(hash, 500 as 960)).toThrow();
  });
});
