/**
 * A full disk is a clear answer: uploads are refused before their body is read while the uploads disk
 * has less than UPLOADS_MIN_FREE_MB free (local storage), and a write that still meets ENOSPC or EDQUOT
 * answers the same 507 with `Retry-After` and a Korean message, never a 500.
 */
import { ApiError } from '#server/http/errors';
import type { Storage } from './types';

/** Seconds a client is asked to wait: space comes back when the operator (or the cleanup) frees it. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 600;

export const storageFull = (): ApiError =>
  new ApiError(
    507,
    'SERVICE_UNAVAILABLE',
    '저장 공간이 부족해 지금은 사진을 올릴 수 없어요. 잠시 후 다시 시도해 주세요.',
    undefined,
    { 'Retry-After': String(STORAGE_FULL_RETRY_AFTER_SECONDS) },
  );

/** True for a write refused because the disk (or the writer's quota) is full. */
export function isOutOfSpace(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Throws 507 while `storage` has less than `minFreeBytes` free; stores that cannot tell pass. */
export async function assertRoomToStore(storage: Storage, minFreeBytes: number): Promise<void> {
  if (minFreeBytes <= 0 || !storage.freeBytes) return;
  const free = await storage.freeBytes().catch(() => null);
  if (free !== null && free < minFreeBytes) throw storageFull();
}
