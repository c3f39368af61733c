import { requireMember } from '#server/auth/guards';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { json } from '#server/http/respond';
import { receiveUpload } from '#server/http/uploads';

/** Image uploads: multipart `fileType` + `files` (1–10, 3 MB each) → 201 `{files: [{name, url}]}` in order. */
export const POST = endpoint(async ({ locals, request }) => {
  const member = requireMember(locals);
  return json(await receiveUpload(member.id, request), 201);
});
export const ALL = notAllowed;
