/** Demo pictures go through the same pipeline and storage as uploads, so the seed looks like real use. */
import type { Db } from '../db/index';
import { processImage } from '../media/pipeline';
import { imageKey, thumbnailKey } from '../media/keys';
import { getStorage } from '../storage/index';
import { artworkJpeg } from './artwork';
import type { ImageMaker } from './seed';

export function makeSeedImage(db: Db): ImageMaker {
  return async (ownerId, kind, seed) => {
    const portrait = kind !== 'PROMOTION_IMAGE' || seed % 3 !== 0;
    const processed = await processImage(await artworkJpeg(seed, portrait ? 1200 : 1600, portrait ? 1500 : 1200));
    const storage = getStorage();
    const key = imageKey(processed.sha256);
    const thumb = thumbnailKey(processed.sha256);
    await storage.put(key, processed.image.bytes, 'image/webp');
    await storage.put(thumb, processed.thumbnail.bytes, 'image/webp');
    const name = `demo-${seed}.jpg`;
    const url = storage.publicUrl(key);
    await db.query(
      `insert into files (owner_id, kind, storage_key, thumb_key, url, thumb_url, original_name, content_type, byte_size, width, height)
       values ($1, $2, $3, $4, $5, $6, $7, 'image/webp', $8, $9, $10)
       on conflict do nothing`,
      [ownerId, kind, key, thumb, url, storage.publicUrl(thumb), name, processed.image.bytes.byteLength, processed.image.width, processed.image.height],
    );
    return { name, url };
  };
}
