/**
 * `srcset` variants of stored images (decision 019), made on the first request and kept next to the
 * image (derived-images.ts: only for issued images, under the cleanup job's lock). A variant or a
 * link-preview picture is made only for a picture something public names (an event that is not deleted
 * or hidden, a photographer's portfolio, a profile picture): an upload nothing uses gets none, so
 * nobody can have the server cut pictures it merely stores. What was made once is kept and served.
 */
import type { MadeVariantEdge } from '#lib/media-urls';
import type { Queryable } from '#server/db/index';
import { imageKey } from '#server/media/keys';
import { OUTPUT_CONTENT_TYPE } from '#server/media/pipeline';
import { makeVariant, variantKey } from '#server/media/variants';
import { derivedImageBytes, type DerivedDeps } from './derived-images';

/** True when an event, a portfolio or a profile names the stored image `key` (its owner's, as issued). */
export async function isPubliclyNamed(db: Queryable, key: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from files f
      where f.storage_key = $1 and f.owner_id is not null and f.kind <> 'APPLICATION_IMAGE'
        and (exists (select 1 from members m where m.id = f.owner_id and m.profile_image ->> 'url' = f.storage_key)
             or exists (select 1 from photographer_pages pp
                         where pp.member_id = f.owner_id
                           and pp.portfolio @> jsonb_build_array(jsonb_build_object('url', f.storage_key)))
             or exists (select 1 from promotions p
                         where p.author_id = f.owner_id and p.deleted_at is null
                           and p.images @> jsonb_build_array(jsonb_build_object('url', f.storage_key))))
      limit 1`,
    [key],
  );
  return rows.length > 0;
}

/**
 * The picture kept at `derivedKey`, or, when there is none yet, what `make` answers, if something
 * public names the stored image `hash`; else null.
 */
export async function publicDerivedBytes(
  hash: string,
  derivedKey: string,
  deps: DerivedDeps,
  make: () => Promise<Uint8Array | null>,
): Promise<Uint8Array | null> {
  const kept = await deps.storage.get(derivedKey);
  if (kept) return kept;
  if (!(await isPubliclyNamed(deps.db, imageKey(hash)))) return null;
  return make();
}

/** The WebP bytes of the `edge` variant of a stored image, or null when there is no such public image. */
export function variantBytes(hash: string, edge: MadeVariantEdge, deps: DerivedDeps): Promise<Uint8Array | null> {
  const key = variantKey(hash, edge);
  return publicDerivedBytes(hash, key, deps, () =>
    derivedImageBytes(
      hash,
      { key, contentType: OUTPUT_CONTENT_TYPE, make: (stored) => makeVariant(stored, edge) },
      deps,
    ),
  );
}
