import { requireMember } from '../../../server/auth/guards';
import { endpoint, notAllowed } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';
import { uploadFiles } from '../../../server/services/files';

/** Image uploads: multipart `fileType` + `files` (1–10, 3 MB each) → 201 `{files: [{name, url}]}` in order. */
export const POST = endpoint(async ({ locals, request }) => {
  const member = requireMember(locals);
  return json(await uploadFiles(member.id, request), 201);
});
export const ALL = notAllowed;
