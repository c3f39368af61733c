import { requireRegistered } from '#server/auth/guards';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { idParam } from '#server/http/query';
import { applicationNotFound, applicationPhotoKey } from '#server/services/applications';
import { getStorage } from '#server/storage/index';

/**
 * An application's photo: only for its applicant, the event's author and admins, with their token.
 * Never cached by anything shared (`private, no-store`); 404 to anyone else, as if it did not exist.
 */
export const GET = endpoint(async ({ params, locals }) => {
  const me = requireRegistered(locals);
  const id = idParam(params['id']);
  const n = /^[0-2]$/.test(params['n'] ?? '') ? Number(params['n']) : null;
  if (id === null || n === null) throw applicationNotFound();
  const key = await applicationPhotoKey(await getDb(), me, id, n);
  const bytes = await getStorage().get(key);
  if (!bytes) throw applicationNotFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
export const ALL = notAllowed;
