/**
 * `POST /api/v1/files`: the HTTP side of an upload. The member's rate limit (RATE_LIMIT_UPLOAD) and a
 * place among the uploads in flight come first, before the body is read; then the multipart body is
 * streamed into the files service, and the place is released once the upload is answered.
 */
import { getConfig } from '#server/config';
import type { Db } from '#server/db/index';
import { admitUpload } from '#server/media/admission';
import { readMultipart } from '#server/media/multipart';
import { UPLOAD_LIMITS, uploadFiles, type UploadResult } from '#server/services/files';
import type { Storage } from '#server/storage/index';
import { limitUpload } from './limits';

export async function receiveUpload(
  memberId: number,
  request: Request,
  deps: { db?: Db; storage?: Storage } = {},
): Promise<UploadResult> {
  await limitUpload(memberId, deps.db);
  const release = admitUpload(memberId, getConfig().uploadsInFlight);
  try {
    return await uploadFiles(memberId, (handlers) => readMultipart(request, UPLOAD_LIMITS, handlers), deps);
  } finally {
    release();
  }
}
