/**
 * Removes uploads nobody uses. A file row goes when
 * - its owner is gone (withdrawal sets `owner_id` null: their profile, page and events went with them), or
 * - it has not been used for the grace period (24 h since upload or since a body last accepted it; 2 h
 *   for a file no body ever accepted, `used_at` null) and its owner's profile image, portfolio, live
 *   (not deleted) events, applications and reviews do not name its storage key.
 * Deleting a row queues its objects (trigger in migration 3, so rows deleted anywhere else count too);
 * the second phase removes queued objects no row names any more. A failed storage call is retried on
 * a later run and never stops the rest. Temporary files of writes killed midway (local disk) go at
 * start and on every run.
 * The same scheduled job removes the event view rows of past days (promotion-views.ts `pruneViews`),
 * expires undecided applications and deletes applicants' data when due (applications.ts).
 */
import { purgeExpiredRefreshTokens } from '#server/auth/tokens';
import { getDb, type Db } from '#server/db/index';
import { log } from '#server/log';
import { runPeriodically, type LifecycleHooks } from '#server/jobs/periodic';
import { hashOfMediaKey } from '#server/media/keys';
import { ogImageKey } from '#server/media/og-image';
import { variantKey } from '#server/media/variants';
import { VARIANT_EDGES } from '#lib/media-urls';
import { getStorage, type Storage } from '#server/storage/index';
import { STORAGE_KEY_LOCK, storageKeyLockId } from './files';
import { pruneViews } from './promotion-views';
import { deleteExpiredApplicantData, expireUndecided } from './applications';

export const FILE_GRACE_MS = 24 * 60 * 60 * 1000;
/** A file nothing ever used (an upload left in a form, or a flood) goes after this much. */
export const UNUSED_FILE_GRACE_MS = 2 * 60 * 60 * 1000;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** A temporary upload file this old belongs to no running write (one takes milliseconds). */
export const STALE_TEMPORARY_MS = 2 * 60 * 1000;

export interface FileCleanupOptions {
  db: Db;
  storage: Storage;
  now?: Date;
  graceMs?: number;
  /** For files never used (UNUSED_FILE_GRACE_MS by default). */
  unusedGraceMs?: number;
  batchSize?: number;
}

export interface FileCleanupReport {
  filesRemoved: number;
  objectsRemoved: number;
  objectsFailed: number;
  temporaryRemoved: number;
}

export async function cleanUpFiles(options: FileCleanupOptions): Promise<FileCleanupReport> {
  const { db, storage } = options;
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? FILE_GRACE_MS));
  const unusedCutoff = new Date(now.getTime() - (options.unusedGraceMs ?? UNUSED_FILE_GRACE_MS));
  const batch = options.batchSize ?? 500;
  const report: FileCleanupReport = { filesRemoved: 0, objectsRemoved: 0, objectsFailed: 0, temporaryRemoved: 0 };
  report.temporaryRemoved = await sweepTemporary(storage, now.getTime());

  for (;;) {
    const removed = await db.query<{ id: number }>(
      `delete from files where id in (
         select f.id from files f
          where f.owner_id is null
             or ((f.last_used_at < $1 or (f.used_at is null and f.last_used_at < $3))
                 and not exists (select 1 from members m
                                  where m.id = f.owner_id and m.profile_image ->> 'url' = f.storage_key)
                 and not exists (select 1 from photographer_pages pp
                                  where pp.member_id = f.owner_id
                                    and pp.portfolio @> jsonb_build_array(jsonb_build_object('url', f.storage_key)))
                 and not exists (select 1 from reviews r
                                  where r.author_id = f.owner_id
                                    and r.photos @> jsonb_build_array(jsonb_build_object('url', f.storage_key)))
                 and not exists (select 1 from applications a
                                  where a.applicant_id = f.owner_id
                                    and a.photos @> jsonb_build_array(jsonb_build_object('key', f.storage_key)))
                 and not exists (select 1 from promotions p
                                  where p.author_id = f.owner_id
                                    and (p.deleted_at is null or p.hidden_at is not null)
                                    and p.images @> jsonb_build_array(jsonb_build_object('url', f.storage_key))))
          limit $2)
       returning id`,
      [cutoff, batch, unusedCutoff],
    );
    report.filesRemoved += removed.length;
    if (removed.length < batch) break;
  }

  const objects = await removeQueuedObjects(db, storage, { now, batchSize: batch });
  report.objectsRemoved = objects.removed;
  report.objectsFailed = objects.failed;
  return report;
}

/**
 * Removes queued objects that no files row names any more: those due by `now`, or only `keys` (a
 * withdrawal removes its member's objects at once). Each key under the lock uploads take, so a picture
 * uploaded again right now is kept; a failed storage call stays queued with a back-off (the retry).
 */
export async function removeQueuedObjects(
  db: Db,
  storage: Storage,
  options: { now?: Date; batchSize?: number; keys?: readonly string[] } = {},
): Promise<{ removed: number; failed: number }> {
  const now = options.now ?? new Date();
  const batch = options.batchSize ?? 500;
  const result = { removed: 0, failed: 0 };
  const done = new Set<string>();
  for (;;) {
    const due = await db.query<{ storage_key: string; thumb_key: string; attempts: number }>(
      options.keys
        ? `select storage_key, thumb_key, attempts from storage_deletions
            where storage_key = any($1::text[]) order by storage_key limit $2`
        : `select storage_key, thumb_key, attempts from storage_deletions
            where next_attempt_at <= greatest($1::timestamptz, now())
            order by next_attempt_at, storage_key limit $2`,
      options.keys ? [[...options.keys], batch] : [now, batch],
    );
    const fresh = due.filter((d) => !done.has(d.storage_key));
    if (fresh.length === 0) break;
    for (const item of fresh) {
      done.add(item.storage_key);
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1, $2)', [STORAGE_KEY_LOCK, storageKeyLockId(item.storage_key)]);
        const used = await tx.query('select 1 from files where storage_key = $1 limit 1', [item.storage_key]);
        if (used.length === 0) {
          try {
            const hash = hashOfMediaKey(item.storage_key);
            // The link-preview picture and variants made from it (derived-images.ts), if ever asked for.
            if (hash) await storage.delete(ogImageKey(hash));
            if (hash) for (const edge of VARIANT_EDGES) await storage.delete(variantKey(hash, edge));
            await storage.delete(item.thumb_key);
            await storage.delete(item.storage_key);
            result.removed++;
          } catch (err) {
            result.failed++;
            // Back off: next run, then up to once a day, so failures never crowd out new work.
            await tx.query(
              `update storage_deletions
                  set attempts = attempts + 1, last_error = $2,
                      next_attempt_at = $3::timestamptz + least(attempts + 1, 24) * interval '1 hour' - interval '5 minutes'
                where storage_key = $1`,
              [item.storage_key, err instanceof Error ? err.message.slice(0, 500) : String(err), now],
            );
            return;
          }
        }
        await tx.query('delete from storage_deletions where storage_key = $1', [item.storage_key]);
      });
    }
    if (due.length < batch) break;
  }
  return result;
}

/** Temporary files of killed writes; a failure is logged, never thrown (it must not stop a start or a run). */
async function sweepTemporary(storage: Storage, now = Date.now()): Promise<number> {
  try {
    return (await storage.sweepTemporary?.(STALE_TEMPORARY_MS, now)) ?? 0;
  } catch (err) {
    log('warn', 'temporary upload files not swept', { err });
    return 0;
  }
}

/**
 * One run of the scheduled job: unused uploads, then view rows of past days. A failure of one is
 * logged and does not stop the other; nothing is thrown.
 */
export async function runScheduledCleanup(db: Db, storage: Storage, now = new Date()): Promise<void> {
  try {
    const report = await cleanUpFiles({ db, storage, now });
    if (report.filesRemoved + report.objectsRemoved + report.objectsFailed + report.temporaryRemoved > 0) {
      log(report.objectsFailed > 0 ? 'warn' : 'info', 'file cleanup', { ...report });
    }
  } catch (err) {
    log('error', 'file cleanup failed', { err });
  }
  try {
    const viewsRemoved = await pruneViews(db, now);
    if (viewsRemoved > 0) log('info', 'view rows pruned', { viewsRemoved });
  } catch (err) {
    log('error', 'view prune failed', { err });
  }
  try {
    const tokensRemoved = await purgeExpiredRefreshTokens(db, now.getTime());
    if (tokensRemoved > 0) log('info', 'expired refresh tokens removed', { tokensRemoved });
  } catch (err) {
    log('error', 'refresh token purge failed', { err });
  }
  // Applications: undecided ones expire when their event has ended; applicants' data goes 90 days after.
  try {
    const expired = await expireUndecided(db, now.getTime());
    const deleted = await deleteExpiredApplicantData(db, now.getTime());
    if (expired + deleted > 0) log('info', 'applications retention', { expired, deleted });
  } catch (err) {
    log('error', 'applications retention failed', { err });
  }
}

let registered = false;

/**
 * Runs the scheduled cleanup (`runScheduledCleanup`) a minute after start and then every hour
 * (`runPeriodically`), after sweeping the temporary upload files left by a stop. Wire it once, in
 * src/server/app.ts: `registerFileCleanup({ onStart, onStop })` (hooks passed in, so this module does
 * not import app.ts).
 */
export function registerFileCleanup(
  hooks: LifecycleHooks,
  intervalMs = CLEANUP_INTERVAL_MS,
  firstRunDelayMs = 60_000,
): void {
  if (registered) return;
  registered = true;
  runPeriodically(hooks, {
    atStart: async () => {
      const swept = await sweepTemporary(getStorage());
      if (swept > 0) log('info', 'temporary upload files swept', { temporaryRemoved: swept });
    },
    what: 'scheduled cleanup',
    firstMs: firstRunDelayMs,
    everyMs: intervalMs,
    pass: async () => runScheduledCleanup(await getDb(), getStorage()),
  });
}
