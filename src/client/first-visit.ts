/**
 * The home page's first-visit dialog (spec §2 Home, §4): once per session, only for a visitor without
 * a stored access token and without the 'visited' mark in sessionStorage.
 */
import { hasAccessToken } from '#client/auth';
import { readStorage, writeStorage } from '#client/browser';

export const VISITED_KEY = 'visited';

export function shouldShowFirstVisit(hasToken: boolean, visitedMark: string | null): boolean {
  return !hasToken && visitedMark === null;
}

/** Decides and, when it shows, sets the mark at once so a reload in this tab does not show it again. */
export function takeFirstVisit(): boolean {
  const show = shouldShowFirstVisit(hasAccessToken(), readStorage('session', VISITED_KEY));
  if (show) writeStorage('session', VISITED_KEY, 'true');
  return show;
}
