import { requireMember } from '#server/auth/guards';
import { getConfig } from '#server/config';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { clientKey } from '#server/http/rate-limit';
import { json } from '#server/http/respond';
import { receiveUpload } from '#server/http/uploads';

/** Image uploads: multipart `fileType` + `files` (1–10, 3 MB each) → 201 `{files: [{name, url}]}` in order. */
export const POST = endpoint(async ({ locals, request, clientAddress }) => {
  const member = requireMember(locals);
  let address: string | undefined;
  try {
    address = clientAddress;
  } catch {
    address = undefined;
  }
  const uploader = { type: member.type, address: clientKey(request, address, getConfig().trustProxy) };
  return json(await receiveUpload(member.id, request, { uploader }), 201);
});
export const ALL = notAllowed;
