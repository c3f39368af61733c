/**
 * What a write changed, announced by the service that made the write once it is committed: the one way
 * shared answers learn of a change, whoever the writer is (an endpoint, `npm run admin`, a job). The
 * change is a list of tags (`changed.*` in `tags.ts`); it is invalidated here and on the other instances
 * (`invalidate.ts`), and when the writer is an HTTP request, its answer carries the writer's cookie
 * (`writes.ts`) so the writer's next pages are rendered after the write.
 *
 * Every write route declares what it changes: `tests/unit/write-declarations.test.ts` enumerates them.
 */
import { invalidate } from './invalidate';
import { recordWrite } from './writes';

/**
 * Announces a committed change. `purge`: no stale copy is answered afterwards (content taken down by
 * moderation).
 */
export async function announce(changedTags: readonly string[], options: { purge?: boolean } = {}): Promise<void> {
  const at = await invalidate(changedTags, options);
  if (changedTags.length > 0) recordWrite(at);
}
