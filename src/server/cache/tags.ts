/**
 * What each cached answer shows (its tags) and what each write changes (the tags it invalidates).
 * Pages set their tags with `Astro.cache.set(publicCache(...))`; services that change something a
 * public page shows announce the tags below once their write is committed (`announce.ts`). Writes that no public
 * page shows (saves, sign-in, token refresh, logout, uploads, a USER's own profile) invalidate nothing:
 * save counts on shared pages lag by at most the max age, and a member's own counts come live from the
 * batched saved-state answer.
 */
import type { CacheOptions } from 'astro';
import { getConfig } from '#server/config';

export const tags = {
  /** Every list that can show an event card: home, /events, /search, the list API, the sitemap. */
  events: 'events',
  /** Every list that can show a photographer card: home, /photographers, /search, the list API, the sitemap. */
  photographers: 'photographers',
  /** An event's own page. */
  event: (id: number) => `event:${id}`,
  /** A photographer's own page (their profile, portfolio and events). */
  photographer: (id: number) => `photographer:${id}`,
  /** Pages that show this member as an event's author (the author's name and picture on event pages). */
  author: (id: number) => `author:${id}`,
} as const;

/** The tags a change invalidates. */
export const changed = {
  /** An event created, edited or deleted: its page, every list, and its author's page. */
  event: (id: number | null, authorId: number): string[] => [
    tags.events,
    ...(id === null ? [] : [tags.event(id)]),
    tags.photographer(authorId),
  ],
  /** A photographer's profile, page or registration: their page, their cards, their events' author line. */
  photographer: (memberId: number): string[] => [
    tags.photographers,
    tags.photographer(memberId),
    tags.author(memberId),
  ],
  /** The places left that an event's page shows (a selection, a withdrawal, a cancellation). */
  places: (id: number): string[] => [tags.event(id)],
  /**
   * A photographer's reviews, rating or completed shoots (issue 43): their page, their cards, and the
   * pages of their events that show their rating.
   */
  reputation: (photographerId: number): string[] => [
    tags.photographers,
    tags.photographer(photographerId),
    tags.author(photographerId),
  ],
  /** A member's name or picture where public pages show it as an event's author (a USER: nowhere). */
  author: (memberId: number): string[] => [tags.author(memberId)],
  /** A member withdrew, or their roles changed (an admin mark): whatever showed them or their events. */
  withdrawal: (memberId: number): string[] => [
    tags.events,
    tags.photographers,
    tags.photographer(memberId),
    tags.author(memberId),
  ],
};

/** The cache directives of a public answer that shows these tags. */
export function publicCache(shows: readonly string[]): CacheOptions {
  const { maxAgeSeconds, swrSeconds } = getConfig().pageCache;
  return { maxAge: maxAgeSeconds, swr: swrSeconds, tags: [...shows] };
}
