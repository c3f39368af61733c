/**
 * How many uploads may have images in the pipeline at once: per member (past it 429) and in all (past
 * it 503), both with `Retry-After`. An upload is admitted before its body is read and holds its place
 * until it is answered, so one account's parallel uploads cannot queue ahead of everyone else's, and
 * the memory of the uploads being decoded stays bounded. Counted per process, like the pipeline.
 */
import { ApiError, tooManyRequests } from '#server/http/errors';

export interface AdmissionLimits {
  perMember: number;
  total: number;
}

/** Seconds a refused client is asked to wait: about one upload's time through the pipeline. */
export const UPLOAD_RETRY_AFTER_SECONDS = 2;

const busy = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', '지금 사진을 올리는 분이 많아요. 잠시 후 다시 시도해 주세요.', undefined, {
    'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS),
  });

const byMember = new Map<number, number>();
let total = 0;

/** Takes a place for `memberId`'s upload or throws 429/503; call the returned function once when it is answered. */
export function admitUpload(memberId: number, limits: AdmissionLimits): () => void {
  const mine = byMember.get(memberId) ?? 0;
  if (mine >= limits.perMember) {
    const err = tooManyRequests(UPLOAD_RETRY_AFTER_SECONDS);
    throw new ApiError(
      err.status,
      err.code,
      '이전에 올린 사진을 아직 처리하고 있어요. 끝난 뒤 다시 시도해 주세요.',
      undefined,
      err.headers,
    );
  }
  if (total >= limits.total) throw busy();
  byMember.set(memberId, mine + 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    const left = (byMember.get(memberId) ?? 1) - 1;
    if (left > 0) byMember.set(memberId, left);
    else byMember.delete(memberId);
  };
}

/** Uploads admitted now (for tests and logs). */
export function uploadsInFlight(): { total: number; members: number } {
  return { total, members: byMember.size };
}
