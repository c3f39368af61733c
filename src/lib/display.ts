/** How browse pages show dates, regions, types and excerpts (shared by server pages and islands). */
import { PHOTOGRAPHY_TYPE_LABELS, type PhotographyType, type Region } from './domain';
import { graphemeCut } from './text';

/** `2025-05-01` → `2025.05.01`; anything else unchanged. */
export function formatDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.replaceAll('-', '.') : date;
}

/** `2025.05.01 ~ 2025.05.31` */
export function formatPeriod(startedAt: string, endedAt: string): string {
  return `${formatDate(startedAt)} ~ ${formatDate(endedAt)}`;
}

/** An instant as `2025.05.01 14:05` in Korea's time (KST has no daylight saving: UTC+9 all year). */
export function formatDateTime(iso: string): string {
  const kst = new Date(Date.parse(iso) + 9 * 3_600_000).toISOString();
  return `${kst.slice(0, 10).replaceAll('-', '.')} ${kst.slice(11, 16)}`;
}

/** `서울 강남구` */
export function regionLabel(region: Region): string {
  return `${region.category} ${region.name}`;
}

export function regionsLabel(regions: readonly Region[]): string {
  return regions.map(regionLabel).join(', ');
}

export function typeLabels(types: readonly PhotographyType[]): string[] {
  return types.map((t) => PHOTOGRAPHY_TYPE_LABELS[t]);
}

/** `스냅 · 프로필` */
export function typesLabel(types: readonly PhotographyType[]): string {
  return typeLabels(types).join(' · ');
}

/** White space collapsed and cut to `max` characters with `…`: link-preview descriptions. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const { head, more } = graphemeCut(flat, max);
  return more ? `${head.trimEnd()}…` : flat;
}

/** `#야경`, without doubling a leading `#`. */
export function hashtagLabel(tag: string): string {
  return `#${tag.replace(/^#+/, '')}`;
}

/** The public Instagram profile of an id (ids are `0-9 a-z . _` only, so nothing needs escaping). */
export function instagramUrl(instagramId: string): string {
  return `https://www.instagram.com/${encodeURIComponent(instagramId)}/`;
}
