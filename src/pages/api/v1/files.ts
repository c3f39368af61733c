import { requireMember } from '#server/auth/guards';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { addressOf } from '#server/http/limits';
import { json } from '#server/http/respond';
import { receiveUpload } from '#server/http/uploads';

/** Image uploads: multipart `fileType` + `files` (1–10, 3 MB each) → 201 `{files: [{name, url}]}` in order. */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx.locals);
  const uploader = { type: member.type, address: addressOf(ctx) };
  return json(await receiveUpload(member.id, ctx.request, { uploader }), 201);
});
export const ALL = notAllowed;
