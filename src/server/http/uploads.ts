/**
 * `POST /api/v1/files`: the HTTP side of an upload. Before the body is read: the member's rate limit
 * (RATE_LIMIT_UPLOAD), room on the uploads disk (UPLOADS_MIN_FREE_MB, else 507) and the member's daily
 * quota of unused uploads (429). The multipart body then streams into the files service under a pace
 * (the whole body within UPLOAD_BODY_TIMEOUT_MS, at least UPLOAD_MIN_RATE_KBPS over each window, else
 * 408). A place among the uploads in flight (per member, per client address, in all) is taken when the
 * first file part has arrived whole, so a slow sender holds none, and released once the upload is
 * answered. A member who has not registered may upload one profile picture and nothing else.
 */
import type { MemberType } from '#lib/domain';
import { getConfig } from '#server/config';
import { getDb, type Db } from '#server/db/index';
import { admitUpload } from '#server/media/admission';
import { readMultipart } from '#server/media/multipart';
import {
  UNREGISTERED_SCOPE,
  UPLOAD_LIMITS,
  UploadQuotaExceeded,
  assertUploadQuotaLeft,
  secondsUntilQuotaResets,
  uploadFiles,
  type UploadResult,
} from '#server/services/files';
import { assertRoomToStore, getStorage, type Storage } from '#server/storage/index';
import { ApiError } from './errors';
import { limitUpload } from './limits';

/** Who is uploading, beyond the member id: their type (UNDEFINED: not registered) and client address. */
export interface Uploader {
  type?: MemberType;
  /** The client's address as the rate limits key it (rate-limit.ts `clientKey`). */
  address?: string;
}

/** The quota's refusal with `Retry-After`: until the quota's day ends. */
function withRetryAfter(err: UploadQuotaExceeded): ApiError {
  return new ApiError(429, err.code, err.message, undefined, {
    'Retry-After': String(secondsUntilQuotaResets()),
  });
}

export async function receiveUpload(
  memberId: number,
  request: Request,
  deps: { db?: Db; storage?: Storage; uploader?: Uploader } = {},
): Promise<UploadResult> {
  const config = getConfig();
  await limitUpload(memberId, deps.db);
  const storage = deps.storage ?? getStorage();
  await assertRoomToStore(storage, config.uploadsMinFreeBytes);
  const db = deps.db ?? (await getDb());
  const { uploader = {} } = deps;
  let release: (() => void) | null = null;
  try {
    await assertUploadQuotaLeft(db, memberId, config.uploadQuota);
    return await uploadFiles(
      memberId,
      (handlers) =>
        readMultipart(
          request,
          { ...UPLOAD_LIMITS, pace: config.uploadBody },
          {
            onField: (name, value) => handlers.onField(name, value),
            onFile(file) {
              // The first whole file takes the place (throws 429/503, which stops the upload).
              release ??= admitUpload(memberId, config.uploadsInFlight, uploader.address);
              return handlers.onFile(file);
            },
          },
        ),
      {
        db,
        storage,
        quota: config.uploadQuota,
        ...(uploader.type === 'UNDEFINED' ? { scope: UNREGISTERED_SCOPE } : {}),
      },
    );
  } catch (err) {
    if (err instanceof UploadQuotaExceeded) throw withRetryAfter(err);
    throw err;
  } finally {
    (release as (() => void) | null)?.();
  }
}
