/**
 * Uploaded images: the parts of an upload (stream → pipeline → storage → `files` rows), the ownership
 * check every other service runs on the Images in a body (by storage key), and lookups for list pages.
 */
import { FILE_TYPES, isOneOf, type FileType, type Image } from '#lib/domain';
import { boundImageName } from '#lib/rules/image-name';
import { getDb, type Db, type Queryable } from '#server/db/index';
import { imageKey, privateImageKey, privateThumbnailKey, thumbnailKey, thumbnailSize } from '#server/media/keys';
import { imageKeyOf, pictureRef } from '#server/media/pictures';
import type { MultipartHandlers, MultipartLimits, MultipartReader } from '#server/media/multipart';
import { OUTPUT_CONTENT_TYPE, processImage, type ProcessedImage } from '#server/media/pipeline';
import { getStorage, isOutOfSpace, storageFull, type Storage } from '#server/storage/index';
import { log } from '#server/log';
import { DomainError, denied, invalidFields, invalidRequest } from './errors';

export { thumbnailUrlFor } from '#server/media/keys';

/** At most 10 files of 3 MB each per request (the contract's limits). */
export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_FILE_BYTES = 3 * 1024 * 1024;

export const UPLOAD_LIMITS: MultipartLimits = {
  maxFiles: MAX_FILES_PER_UPLOAD,
  maxFileBytes: MAX_FILE_BYTES,
  maxFields: 5,
  maxFieldBytes: 1024,
  // Read and drop up to one full upload more after a refusal, so ordinary clients get the answer.
  maxDiscardBytes: MAX_FILES_PER_UPLOAD * MAX_FILE_BYTES + 1024 * 1024,
};

export interface UploadResult {
  files: Image[];
}

/** Advisory lock namespace for "this storage key", shared by uploads and the cleanup job. */
export const STORAGE_KEY_LOCK = 727_005;

/** A 31-bit lock id from a content hash (or any key). */
export function storageKeyLockId(key: string): number {
  const hex = /[0-9a-f]{64}/.exec(key)?.[0];
  if (hex) return Number.parseInt(hex.slice(0, 8), 16) & 0x7fffffff;
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h & 0x7fffffff;
}

/** What a member named their file, bounded (lib/rules/image-name); 'image' when nothing is left. */
export function cleanFileName(raw: string | undefined): string {
  return boundImageName(raw ?? '') || 'image';
}

const badFileType = () => invalidRequest(`fileType 은 ${FILE_TYPES.join(', ')} 중 하나여야 합니다.`);

/**
 * The parts of one upload as they arrive (a `fileType` field and `files` parts, within UPLOAD_LIMITS):
 * the endpoint streams its multipart body through the handlers (http/uploads.ts).
 */
export type UploadParts = (handlers: MultipartHandlers) => MultipartReader;

/**
 * Per member and day (Korea time): bytes of stored images and files uploaded that nothing has used yet
 * (UPLOAD_DAILY_UNUSED_MB, UPLOAD_DAILY_UNUSED_FILES). A file's first use gives its share back.
 */
export interface UploadQuota {
  dailyBytes: number;
  dailyFiles: number;
}

/** What an upload may hold: members who have not registered upload their profile picture only. */
export interface UploadScope {
  fileType: FileType;
  maxFiles: number;
}

export const UNREGISTERED_SCOPE: UploadScope = { fileType: 'USER_PROFILE_IMAGE', maxFiles: 1 };

const outOfScope = () =>
  denied(
    'REGISTRATION_REQUIRED',
    '회원가입 전에는 프로필 사진 한 장만 올릴 수 있어요. 가입을 마친 뒤 다시 올려 주세요.',
  );

/** The quota's day: the date in Korea, as PostgreSQL computes it. */
const TODAY_KST = `(now() at time zone 'Asia/Seoul')::date`;

/** Past the daily quota of unused uploads (429; the HTTP layer adds Retry-After until the next day). */
export class UploadQuotaExceeded extends DomainError {
  constructor() {
    super(
      'TOO_MANY_REQUESTS',
      '오늘 올린 사진 중 아직 쓰지 않은 사진이 너무 많아요. 올린 사진을 이벤트나 프로필에 쓰거나 내일 다시 올려 주세요.',
    );
    this.name = 'UploadQuotaExceeded';
  }
}

/** Seconds until the quota's day ends (midnight in Korea, UTC+9 all year). */
export function secondsUntilQuotaResets(now = Date.now()): number {
  const day = 24 * 60 * 60 * 1000;
  const kst = now + 9 * 60 * 60 * 1000;
  return Math.max(1, Math.ceil((day - (kst % day)) / 1000));
}

/**
 * Throws UploadQuotaExceeded when the member has used up today's quota already, before the body is
 * read; drops the member's rows of past days. The exact check is made when the files are recorded.
 */
export async function assertUploadQuotaLeft(db: Queryable, memberId: number, quota: UploadQuota): Promise<void> {
  await db.query(`delete from upload_days where member_id = $1 and day < ${TODAY_KST}`, [memberId]);
  const [today] = await db.query<{ bytes: string | number; files: number }>(
    `select bytes, files from upload_days where member_id = $1 and day = ${TODAY_KST}`,
    [memberId],
  );
  if (today && (Number(today.bytes) >= quota.dailyBytes || today.files >= quota.dailyFiles)) {
    throw new UploadQuotaExceeded();
  }
}

/**
 * One member's upload: runs every file through the pipeline as it arrives, then stores them all (or
 * none) and answers in upload order. `scope` bounds what it may hold (a member who has not registered),
 * `quota` the unused uploads of the day.
 */
export async function uploadFiles(
  memberId: number,
  parts: UploadParts,
  deps: { db?: Db; storage?: Storage; scope?: UploadScope; quota?: UploadQuota } = {},
): Promise<UploadResult> {
  const { scope } = deps;
  const form: { fileType: FileType | null } = { fileType: null };
  const received: { name: string; job: Promise<ProcessedImage> }[] = [];
  const reader = parts({
    onField(name, value) {
      if (name !== 'fileType') return;
      const v = value.trim();
      if (!isOneOf(FILE_TYPES, v)) throw badFileType();
      if (scope && v !== scope.fileType) throw outOfScope();
      form.fileType = v;
    },
    onFile(file) {
      // An empty file input in a browser form: a part with no name and no bytes means "no file".
      if (file.bytes.byteLength === 0 && file.filename === '') return;
      if (scope && received.length >= scope.maxFiles) throw outOfScope();
      const job = processImage(file.bytes, { queue: memberId });
      // Fail fast: the rest of the body is no longer worth decoding.
      job.catch((err: unknown) => reader.fail(err));
      received.push({ name: cleanFileName(file.filename), job });
      return job;
    },
  });
  try {
    await reader.done;
  } catch (err) {
    await Promise.allSettled(received.map((r) => r.job));
    throw err;
  }
  // A failed file fails the whole request; nothing is stored.
  const processed = await Promise.all(received.map((r) => r.job));
  const { fileType } = form;
  if (fileType === null) throw badFileType();
  if (processed.length === 0) throw invalidRequest('업로드할 파일(files)을 하나 이상 보내 주세요.');

  const images = await saveImages(
    deps.db ?? (await getDb()),
    deps.storage ?? getStorage(),
    memberId,
    fileType,
    processed.map((image, i) => ({ name: received[i]?.name ?? 'image', image })),
    deps.quota,
  );
  return { files: images };
}

/**
 * Records processed images as the member's files and writes their objects. Rows first (under a
 * per-key lock shared with the cleanup job, so an object being deleted is never re-issued), objects
 * after; when an object cannot be written, the rows this call added are deleted again (and the quota
 * given back), so a failed upload leaves no file behind; a full disk answers 507. The same picture
 * uploaded again by the same member gives the same key. With `quota`, the files this call adds count
 * against the member's unused uploads of the day, and past it nothing is recorded (429). Rows hold keys
 * only; the answer's URLs come from the storage's current public base (media/pictures.ts).
 */
export async function saveImages(
  db: Db,
  storage: Storage,
  ownerId: number,
  kind: FileType,
  items: readonly { name: string; image: ProcessedImage }[],
  quota?: UploadQuota,
): Promise<Image[]> {
  const isPrivate = kind === 'APPLICATION_IMAGE';
  const prepared = items.map(({ name, image }) => {
    const key = isPrivate ? privateImageKey(image.sha256) : imageKey(image.sha256);
    const thumbKey = isPrivate ? privateThumbnailKey(image.sha256) : thumbnailKey(image.sha256);
    return { name, image, key, thumbKey };
  });
  const lockIds = [...new Set(prepared.map((p) => storageKeyLockId(p.key)))].sort((a, b) => a - b);
  const lockKeys = async (tx: Queryable) => {
    for (const id of lockIds) await tx.query('select pg_advisory_xact_lock($1, $2)', [STORAGE_KEY_LOCK, id]);
  };
  // Rows this call added (not the member's earlier rows of the same picture), and their bytes.
  const added = { ids: [] as number[], bytes: 0, counted: false };
  await db.transaction(async (tx) => {
    await lockKeys(tx);
    for (const p of prepared) {
      const [row] = await tx.query<{ id: number; inserted: boolean }>(
        `insert into files (owner_id, kind, storage_key, thumb_key, original_name, content_type, byte_size, width,
                            height)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (owner_id, storage_key) do update
           set kind = excluded.kind, original_name = excluded.original_name, last_used_at = now()
         returning id, (xmax = 0) as inserted`,
        [
          ownerId,
          kind,
          p.key,
          p.thumbKey,
          p.name,
          OUTPUT_CONTENT_TYPE,
          p.image.image.bytes.byteLength,
          p.image.image.width,
          p.image.image.height,
        ],
      );
      if (row?.inserted && !added.ids.includes(row.id)) {
        added.ids.push(row.id);
        added.bytes += p.image.image.bytes.byteLength;
      }
    }
    if (quota && added.ids.length > 0) {
      const [today] = await tx.query<{ bytes: string | number; files: number }>(
        `insert into upload_days as u (member_id, day, bytes, files) values ($1, ${TODAY_KST}, $2, $3)
         on conflict (member_id, day) do update set bytes = u.bytes + excluded.bytes, files = u.files + excluded.files
         returning bytes, files`,
        [ownerId, added.bytes, added.ids.length],
      );
      // Past the quota: the transaction rolls back, nothing of this upload is recorded.
      if (today && (Number(today.bytes) > quota.dailyBytes || today.files > quota.dailyFiles)) {
        throw new UploadQuotaExceeded();
      }
      added.counted = true;
    }
  });
  try {
    for (const p of prepared) {
      await Promise.all([
        storage.put(p.key, p.image.image.bytes, OUTPUT_CONTENT_TYPE),
        storage.put(p.thumbKey, p.image.thumbnail.bytes, OUTPUT_CONTENT_TYPE),
      ]);
    }
  } catch (err) {
    // No row may name an object that was not written: take back what this call added. Deleting the rows
    // queues their keys, so an object that was written goes too, unless another row still names it.
    if (added.ids.length > 0) {
      await db
        .transaction(async (tx) => {
          await lockKeys(tx);
          await tx.query('delete from files where id = any($1::int[])', [added.ids]);
          if (added.counted) {
            await tx.query(
              `update upload_days set bytes = greatest(0, bytes - $2), files = greatest(0, files - $3)
                where member_id = $1 and day = ${TODAY_KST}`,
              [ownerId, added.bytes, added.ids.length],
            );
          }
        })
        .catch((undo: unknown) => log('error', 'upload rows not removed after a failed write', { err: undo }));
    }
    if (isOutOfSpace(err)) throw storageFull();
    throw err;
  }
  return prepared.map((p) => ({ name: p.name, url: storage.publicUrl(p.key) }));
}

/** One image from bytes, for scripts (demo seed): the same pipeline and storage as an upload. */
export async function storeImage(
  db: Db,
  storage: Storage,
  ownerId: number,
  kind: FileType,
  name: string,
  bytes: Uint8Array,
): Promise<Image> {
  const image = await processImage(bytes);
  const [saved] = await saveImages(db, storage, ownerId, kind, [{ name: cleanFileName(name), image }]);
  if (!saved) throw new Error('image was not saved');
  return saved;
}

export const foreignImageMessage = '직접 업로드한 이미지만 사용할 수 있어요. 이미지를 다시 올려 주세요.';

/**
 * Every Image in a body must name a file this server issued to `memberId`; otherwise 422
 * VALIDATION_ERROR with `field`. The check compares storage keys: a URL under any base (this origin, a
 * previous one, S3, a CDN) names the key at its end (media/pictures.ts). Stored references in `keep`
 * (what the record being edited already holds, e.g. a picture that was never an upload) pass without a
 * lookup. Accepted files count as used now, so the cleanup job's grace period restarts; run it in the
 * same transaction as the write that stores the images.
 */
export async function assertImagesIssuedTo(
  db: Queryable,
  memberId: number,
  images: readonly Image[],
  field: string,
  options: { keep?: Iterable<string> } = {},
): Promise<void> {
  const keep = new Set(options.keep ?? []);
  const keys: string[] = [];
  for (const image of images) {
    const url: unknown = (image as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || url.length === 0 || url.length > 2048) {
      throw invalidFields([{ field, message: foreignImageMessage }]);
    }
    const ref = pictureRef(url);
    if (keep.has(ref)) continue;
    if (!imageKeyOf(ref)) throw invalidFields([{ field, message: foreignImageMessage }]);
    keys.push(ref);
  }
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return;
  // The first use of a file also gives its share of the day's quota of unused uploads back.
  const rows = await db.query<{ storage_key: string }>(
    `with hit as (
       select id, used_at is null as fresh from files
        where owner_id = $1 and storage_key = any($2::text[])
        for update),
     touched as (
       update files f set last_used_at = now(), used_at = coalesce(f.used_at, now())
         from hit where f.id = hit.id
       returning f.storage_key, hit.fresh, f.byte_size, f.created_at),
     freed as (
       update upload_days u
          set bytes = greatest(0, u.bytes - d.bytes), files = greatest(0, u.files - d.files)
         from (select (created_at at time zone 'Asia/Seoul')::date as day, sum(byte_size)::bigint as bytes,
                      count(*)::int as files
                 from touched where fresh group by 1) d
        where u.member_id = $1 and u.day = d.day)
     select storage_key from touched`,
    [memberId, wanted],
  );
  const found = new Set(rows.map((r) => r.storage_key));
  if (wanted.some((k) => !found.has(k))) throw invalidFields([{ field, message: foreignImageMessage }]);
}

export interface ImageDetails {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/**
 * Sizes and thumbnails of issued images, by the URL (or stored reference) asked for (for `width`/`height`
 * on list pages); unknown ones are absent.
 */
export async function findImageDetails(
  db: Queryable,
  urls: readonly string[],
  storage: Storage = getStorage(),
): Promise<Map<string, ImageDetails>> {
  const byKey = new Map<string, string[]>();
  for (const url of new Set(urls)) {
    const key = imageKeyOf(pictureRef(url));
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), url]);
  }
  const out = new Map<string, ImageDetails>();
  if (byKey.size === 0) return out;
  const rows = await db.query<{ storage_key: string; thumb_key: string; width: number; height: number }>(
    `select distinct on (storage_key) storage_key, thumb_key, width, height from files
      where storage_key = any($1::text[]) order by storage_key`,
    [[...byKey.keys()]],
  );
  for (const r of rows) {
    const t = thumbnailSize(r.width, r.height);
    const details = {
      url: storage.publicUrl(r.storage_key),
      thumbnailUrl: storage.publicUrl(r.thumb_key),
      width: r.width,
      height: r.height,
      thumbnailWidth: t.width,
      thumbnailHeight: t.height,
    };
    for (const url of byKey.get(r.storage_key) ?? []) out.set(url, details);
  }
  return out;
}

/** For withdrawal: deletes the member's file rows (the trigger queues their objects); answers their storage keys. */
export async function deleteFilesOwnedBy(db: Queryable, memberId: number): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>('delete from files where owner_id = $1 returning storage_key', [
    memberId,
  ]);
  return [...new Set(rows.map((r) => r.storage_key))];
}
