/**
 * The private photos of applications: the storage keys their URLs name, the photos of a body as stored,
 * and the key of one photo for whoever may see it.
 */
import type { ApplicationPayload } from '#lib/applications';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { invalidFields } from '../errors';
import { REPORTED_SQL, applicationNotFound, viewerOf, type Row } from './rows';

/** The path of a photo URL, absolute or relative; null when it is not a URL. */
function urlPath(url: string): string | null {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
}

const PRIVATE_KEY = /(?:^|\/)(private\/([0-9a-f]{2})\/([0-9a-f]{64})\.webp)$/;

/** The private storage key an application photo's URL names (as the upload answered it), or null. */
export function privatePhotoKey(url: string): string | null {
  const path = urlPath(url);
  if (path === null) return null;
  const m = PRIVATE_KEY.exec(path);
  return m?.[1] && m[3]?.startsWith(m[2] ?? '-') ? m[1] : null;
}

/** Which photo of application `id` a URL names as the API answered it (`…/applications/{id}/photos/{n}`). */
export function keptPhotoIndex(url: string, id: number): number | null {
  const path = urlPath(url);
  if (path === null) return null;
  const m = /^\/api\/v1\/applications\/(\d+)\/photos\/(\d{1,2})$/.exec(path);
  return m && Number(m[1]) === id ? Number(m[2]) : null;
}

/**
 * The photos of a body as stored: each must be the applicant's own application upload or (an edit,
 * `kept`) one the application already holds, named by the URL its answer gave, so an edit sends none again.
 */
export async function storedPhotos(
  db: Queryable,
  applicantId: number,
  photos: ApplicationPayload['photos'],
  kept?: { applicationId: number; photos: Row['photos'] },
): Promise<{ name: string; key: string }[]> {
  const keys = photos.map((p) => {
    const index = kept ? keptPhotoIndex(p.url, kept.applicationId) : null;
    return index === null ? privatePhotoKey(p.url) : (kept?.photos[index]?.key ?? null);
  });
  const foreign = () =>
    invalidFields([{ field: 'photos', message: '직접 올린 참고 사진만 첨부할 수 있어요. 사진을 다시 올려 주세요.' }]);
  if (keys.some((k) => k === null)) throw foreign();
  if (keys.length === 0) return [];
  const owned = await db.query<{ storage_key: string }>(
    `select storage_key from files where owner_id = $1 and kind = 'APPLICATION_IMAGE' and storage_key = any($2::text[])`,
    [applicantId, keys],
  );
  const ownedKeys = new Set(owned.map((r) => r.storage_key));
  if (keys.some((k) => !ownedKeys.has(k as string))) throw foreign();
  await db.query('update files set last_used_at = now() where owner_id = $1 and storage_key = any($2::text[])', [
    applicantId,
    keys,
  ]);
  return photos.map((p, i) => ({ name: p.name.slice(0, 200) || 'image', key: keys[i] as string }));
}

/** The storage key of photo `index` of an application `me` may see, or 404. */
export async function applicationPhotoKey(db: Queryable, me: Principal, id: number, index: number): Promise<string> {
  const rows = await db.query<Pick<Row, 'applicant_id' | 'p_author_id' | 'photos' | 'reported'>>(
    planGeneric(`select a.applicant_id, p.author_id as p_author_id, a.photos, ${REPORTED_SQL}
       from applications a join promotions p on p.id = a.promotion_id where a.id = $1`),
    [id],
  );
  const row = rows[0];
  const key = row && viewerOf(row, me) ? row.photos[index]?.key : undefined;
  if (!key) throw applicationNotFound();
  return key;
}
