/**
 * The event options menu's delete (`EventOptionsMenu`): the author deletes their event, an ADMIN
 * deletes another's through moderation (resolves its reports, logged). Done, the visitor goes to the
 * events list; refused or not answered, the visitor stays on the page with a Korean message (issue 39).
 */
import { api, isApiRequestError } from '#client/api';
import { navigate } from '#client/browser';
import { browseCopy } from '#lib/copy-browse';
import { paths } from '#lib/paths';
import { carryNotice, showToast } from '#stores/ui';

/** Why the delete failed, in Korean: the server's own words for a refusal it explains (403, 404). */
export function deleteFailedMessage(err: unknown): string {
  const t = browseCopy.event;
  if (!isApiRequestError(err)) return t.deleteFailed;
  if (err.status === 0) return t.deleteFailedOffline;
  // A 4xx with the envelope says why (no permission, already gone); a 5xx or a proxy's page does not.
  if (err.status >= 400 && err.status < 500 && err.code !== 'UNKNOWN') return t.deleteRefused(err.message);
  return t.deleteFailed;
}

/** Deletes the event; true once done (the page is leaving), false when it failed (the message shows). */
export async function deleteEvent(id: number, asAuthor: boolean): Promise<boolean> {
  try {
    await api.delete(asAuthor ? `/promotions/${id}` : `/admin/promotions/${id}`);
  } catch (err) {
    showToast(deleteFailedMessage(err), 'error');
    return false;
  }
  carryNotice(browseCopy.event.deleted, paths.events);
  navigate(paths.events);
  return true;
}
