/** Demo pictures go through the same pipeline and storage as uploads, so the seed looks like real use. */
import type { Db } from '#server/db/index';
import { storeImage } from '#server/services/files';
import { getStorage } from '#server/storage/index';
import { artworkJpeg } from './artwork';
import type { ImageMaker } from './seed';

export function makeSeedImage(db: Db): ImageMaker {
  return async (ownerId, kind, seed) => {
    const portrait = kind !== 'PROMOTION_IMAGE' || seed % 3 !== 0;
    const bytes = await artworkJpeg(seed, portrait ? 720 : 960, portrait ? 900 : 720);
    return storeImage(db, getStorage(), ownerId, kind, `demo-${seed}.jpg`, bytes);
  };
}
