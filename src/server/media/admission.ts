/**
 * How many uploads may hold a place at once: per member and per client address (past them 429) and in
 * all (past it 503), all with `Retry-After`. An upload takes its place when its first file part has
 * arrived whole (http/uploads.ts), not when the request starts, so a client that sends slowly holds
 * nothing while it sends; from then until it is answered it holds the place, and the body's deadline
 * and minimum rate (media/multipart.ts) bound how long that is. One account's (or one address's)
 * parallel uploads cannot queue ahead of everyone else's, and the memory of the uploads being decoded
 * stays bounded. Counted per process, like the pipeline.
 */
import { ApiError, tooManyRequests } from '#server/http/errors';

export interface AdmissionLimits {
  perMember: number;
  total: number;
  /** Per client address (clientKey of rate-limit.ts); unbounded when absent. */
  perAddress?: number;
}

/** Seconds a refused client is asked to wait: about one upload's time through the pipeline. */
export const UPLOAD_RETRY_AFTER_SECONDS = 2;

const busy = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', '지금 사진을 올리는 분이 많아요. 잠시 후 다시 시도해 주세요.', undefined, {
    'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
  });

const tooMany = (message: string) => {
  const err = tooManyRequests(UPLOAD_RETRY_AFTER_SECONDS);
  return new ApiError(err.status, err.code, message, undefined, err.headers);
};

const byMember = new Map<number, number>();
const byAddress = new Map<string, number>();
let total = 0;

const leave = <K>(map: Map<K, number>, key: K): void => {
  const left = (map.get(key) ?? 1) - 1;
  if (left > 0) map.set(key, left);
  else map.delete(key);
};

/**
 * Takes a place for `memberId`'s upload (from `address`, when known) or throws 429/503; call the
 * returned function once when it is answered.
 */
export function admitUpload(memberId: number, limits: AdmissionLimits, address?: string): () => void {
  const mine = byMember.get(memberId) ?? 0;
  if (mine >= limits.perMember) throw tooMany('이전에 올린 사진을 아직 처리하고 있어요. 끝난 뒤 다시 시도해 주세요.');
  const fromAddress = address === undefined ? 0 : (byAddress.get(address) ?? 0);
  if (address !== undefined && limits.perAddress !== undefined && fromAddress >= limits.perAddress) {
    throw tooMany('이 네트워크에서 올리고 있는 사진이 많아요. 잠시 후 다시 시도해 주세요.');
  }
  if (total >= limits.total) throw busy();
  byMember.set(memberId, mine + 1);
  if (address !== undefined) byAddress.set(address, fromAddress + 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    leave(byMember, memberId);
    if (address !== undefined) leave(byAddress, address);
  };
}

/** Uploads admitted now (for tests and logs). */
export function uploadsInFlight(): { total: number; members: number; addresses: number } {
  return { total, members: byMember.size, addresses: byAddress.size };
}
