/**
 * Test images made on the spot with sharp (nothing downloaded): a phone-like JPEG with EXIF GPS and an
 * orientation tag, a PNG whose header claims a huge size, and helpers to read EXIF back.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A landscape JPEG, left half red and right half blue, tagged orientation 6 (shot with the phone turned). */
export async function phoneJpeg(width = 4000, height = 3000, orientation = 6): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${half}" height="${height}" fill="#ff0000"/>
    <rect x="${half}" width="${width - half}" height="${height}" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'DamabwaPhone', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 5988/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 4044/100',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

export async function solidPng(width: number, height: number, colour = '#7b35d3'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A valid-looking PNG whose IHDR claims `width`×`height` but carries only a little pixel data. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(256 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The IFD0 tag ids of an EXIF block as sharp returns it (`Exif\0\0` + TIFF). */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  const count = u16(ifd);
  const tags: number[] = [];
  for (let i = 0; i < count; i++) tags.push(u16(ifd + 2 + i * 12));
  return tags;
}

export const GPS_IFD_TAG = 0x8825;
export const ORIENTATION_TAG = 0x0112;

/** Average colour of a region of an image, as [r, g, b]. */
export async function averageColour(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<[number, number, number]> {
  const part = await sharp(image).extract(region).png().toBuffer();
  const { channels } = await sharp(part).stats();
  return [channels[0]?.mean ?? 0, channels[1]?.mean ?? 0, channels[2]?.mean ?? 0];
}
