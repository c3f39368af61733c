/**
 * Invalidation: on this instance at once, on the others through PostgreSQL's NOTIFY (`bus.ts`).
 * The Astro provider's `cache.invalidate()` and the endpoints' `invalidateAfterWrite` both end here.
 */
import { getConfig } from '#server/config';
import { log } from '#server/log';
import { publish } from './bus';
import { invalidateTags } from './store';

/** Stale copies may be answered this long after an invalidation while their new render runs. */
export function staleAfterInvalidationMs(): number {
  return Math.min(getConfig().pageCache.swrSeconds * 1000, 30_000);
}

/**
 * Invalidates the tags here and publishes them to the other instances; returns the time it took effect.
 * `purge`: no stale copy is answered here afterwards (content taken down by moderation).
 */
export async function invalidate(changedTags: readonly string[], options: { purge?: boolean } = {}): Promise<number> {
  const at = Date.now();
  if (changedTags.length === 0) return at;
  invalidateTags(changedTags, options.purge ? 0 : staleAfterInvalidationMs(), at);
  await publish(changedTags, options.purge === true).catch((err: unknown) =>
    log('warn', 'cache invalidation not published', { error: err instanceof Error ? err.message : String(err) }),
  );
  return at;
}
