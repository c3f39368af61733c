/**
 * schema.org data for link previews and search engines, written as `<script type="application/ld+json">`
 * (data, never executed). `jsonLdText` escapes what could end the element early.
 */
import type { PromotionType, Region } from './domain';

export interface EventLdInput {
  id: number;
  title: string;
  content: string;
  startedAt: string;
  endedAt: string;
  promotionType: PromotionType;
  externalLink: string;
  images: readonly { url: string }[];
  activeRegions: readonly Region[];
  author: { id: number; nickname: string; isPhotographer: boolean } | null;
}

/** A schema.org `Event` for an event page; URLs absolute against `origin`. */
export function eventJsonLd(e: EventLdInput, origin: string): Record<string, unknown> {
  const abs = (path: string) => new URL(path, origin).href;
  const place = e.activeRegions.map((r) => `${r.category} ${r.name}`).join(', ');
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.content,
    url: abs(`/event/${e.id}`),
    startDate: e.startedAt,
    endDate: e.endedAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    image: e.images.map((i) => abs(i.url)),
    location: {
      '@type': 'Place',
      name: place,
      address: { '@type': 'PostalAddress', addressRegion: place, addressCountry: 'KR' },
    },
    offers: {
      '@type': 'Offer',
      url: e.externalLink,
      availability: 'https://schema.org/InStock',
      validFrom: e.startedAt,
      ...(e.promotionType === 'FREE' ? { price: 0, priceCurrency: 'KRW' } : {}),
    },
  };
  if (e.author) {
    data['organizer'] = {
      '@type': 'Person',
      name: e.author.nickname,
      ...(e.author.isPhotographer ? { url: abs(`/photographer/${e.author.id}`) } : {}),
    };
  }
  return data;
}

export interface PhotographerLdInput {
  id: number;
  nickname: string;
  description: string;
  image: string | null;
  rating: { average: number; count: number };
}

/**
 * A schema.org `ProfessionalService` for a photographer page, with the aggregate rating of its reviews
 * when it has any (issue 43); URLs absolute against `origin`.
 */
export function photographerJsonLd(p: PhotographerLdInput, origin: string): Record<string, unknown> {
  const abs = (path: string) => new URL(path, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: p.nickname,
    url: abs(`/photographer/${p.id}`),
    ...(p.description ? { description: p.description } : {}),
    ...(p.image ? { image: abs(p.image) } : {}),
    ...(p.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating.average.toFixed(1),
            reviewCount: p.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** JSON safe inside a `<script>` element: `<`, `>`, `&` and the JS line separators escaped. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
