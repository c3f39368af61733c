import { HIDDEN_VIEW_HEADER } from '#lib/paths';
import { idParam } from './query';

/** The parts of a page's `Astro` global that a hidden target's page reads and sets. */
interface HiddenPageContext {
  params: Record<string, string | undefined>;
  response: { status?: number; headers: Headers };
}

/**
 * Opens the page of a hidden event or photographer page (reached only by its public page's rewrite):
 * the target's id, with the answer made a never-cached 404 for everyone (the island shows the target to
 * its author or owner and to admins). Null for an id that is not one; the page then answers a bare 404.
 */
export function openHiddenPage(astro: HiddenPageContext): number | null {
  const id = idParam(astro.params['id']);
  if (id === null) return null;
  astro.response.status = 404;
  astro.response.headers.set(HIDDEN_VIEW_HEADER, '1');
  return id;
}
