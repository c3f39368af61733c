import { describe, expect, it } from 'vitest';
import {
  cardItemsHtml,
  deadlineLabelHtml,
  eventCardHtml,
  photographerCardHtml,
  saveButtonHtml,
} from '#components/card-markup';
import type { EventCardData, PhotographerCardData } from '#lib/cards';
import { escapeHtml } from '#lib/html';
import { expectedSaveButton, normaliseSaveButton } from '../support/save-button-markup';

const NOW = Date.parse('2026-11-24T03:00:00Z'); // 12:00 in Seoul
const HASH = 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789';
/** A thumbnail this server issued (the 480 variant); list rows ask for its 240 one first. */
const THUMB = `/media/ab/${HASH}_480.webp`;
const THUMB_240 = `/media/ab/${HASH}_240.webp`;

const event = (patch: Partial<EventCardData> = {}): EventCardData => ({
  id: 7,
  title: '한강 야경 스냅 무료 촬영',
  promotionType: 'FREE',
  startedAt: '2026-11-20',
  endedAt: '2026-11-27',
  photographyTypes: ['SNAP', 'PROFILE'],
  activeRegions: [{ category: '서울', name: '마포구' }],
  saveCount: 3,
  thumbnailUrl: THUMB,
  ...patch,
});

const photographer = (patch: Partial<PhotographerCardData> = {}): PhotographerCardData => ({
  id: 9,
  nickname: '빛담는사진관작가님',
  mainPhotographyTypes: ['SNAP'],
  thumbnailUrl: THUMB,
  ...patch,
});

describe('escapeHtml', () => {
  it('turns the five special characters into entities and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('서울 스냅 · 프로필')).toBe('서울 스냅 · 프로필');
    expect(escapeHtml(12)).toBe('12');
    // The same input twice (the pattern keeps no state between calls).
    expect(escapeHtml('<')).toBe('&lt;');
    expect(escapeHtml('<')).toBe('&lt;');
  });
});

describe('saveButtonHtml', () => {
  it.each(['card', 'bar', 'profile'] as const)('is the markup SaveToggle renders before it mounts (%s)', (variant) => {
    const html = saveButtonHtml({ kind: 'promotion', id: 3, count: 5, name: '봄 <스냅> "야외"', variant });
    expect(normaliseSaveButton(html)).toBe(expectedSaveButton('봄 <스냅> "야외"', 5, variant));
  });

  it('carries what the enhancer needs, the load only when asked', () => {
    const html = saveButtonHtml({ kind: 'photographer', id: 4, count: 2, name: '작가', load: 'batch' });
    expect(html).toContain(' data-save="photographer" data-save-id="4" data-save-count="2" data-save-load="batch">');
    expect(saveButtonHtml({ kind: 'promotion', id: 4, count: 2, name: '이벤트' })).not.toContain('data-save-load');
  });
});

describe('deadlineLabelHtml', () => {
  it('labels the card and the detail page for the day of rendering, with the dates to recompute it', () => {
    expect(deadlineLabelHtml(event(), { className: 'due', now: NOW })).toBe(
      '<span class="deadline due" data-deadline="card" data-start="2026-11-20" data-end="2026-11-27" data-kind="DAYS_LEFT">마감까지 D-3</span>',
    );
    expect(deadlineLabelHtml(event({ endedAt: '2026-11-20' }), { variant: 'detail', now: NOW })).toContain(
      'data-deadline="detail" data-start="2026-11-20" data-end="2026-11-20" data-kind="CLOSED">',
    );
  });
});

describe('eventCardHtml', () => {
  it('list row: picture, type, deadline, whole title, regions, types and the save button', () => {
    const html = eventCardHtml(event(), { variant: 'list', eager: true, priority: true, headingLevel: 'h2' }, NOW);
    expect(html).toMatch(/^<article class="event-card list"><a class="link" href="\/event\/7" data-detail-link>/);
    expect(html).toContain(`<img src="${THUMB_240}" srcset="${THUMB_240} 240w, `);
    expect(html).toContain('sizes="96px" alt="" width="480" height="480" loading="eager" fetchpriority="high"');
    expect(html).toContain('<p class="meta"><span class="ptype free">무료</span><span class="deadline due"');
    expect(html).toContain('<h2 class="title">한강 야경 스냅 무료 촬영</h2><p class="regions">서울 마포구</p>');
    expect(html).toContain('<p class="types"><span class="sr-only">촬영 유형: </span>스냅 · 프로필</p>');
    expect(html).toContain('<div class="save"><button type="button"');
    expect(html).toContain('data-save="promotion" data-save-id="7" data-save-count="3" data-save-load="batch"');
    expect(html).toMatch(/<\/button><\/div><\/article>$/);
  });

  it('home strip: the cut title with the whole one for screen readers, the deadline as a ribbon, no save', () => {
    const html = eventCardHtml(event(), { variant: 'strip' }, NOW);
    expect(html).toContain('<article class="event-card strip">');
    expect(html).toContain('<span class="deadline ribbon" data-deadline="card"');
    expect(html).toContain(
      '<h3 class="title"><span aria-hidden="true">한강 야경 스냅...</span><span class="sr-only">한강 야경 스냅 무료 촬영</span></h3>',
    );
    expect(html).toContain('loading="lazy" fetchpriority="auto"');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('class="regions"');
  });

  it('escapes every text and value it writes', () => {
    const hostile = '"><img src=x onerror=alert(1)>';
    const html = eventCardHtml(
      event({ title: hostile, thumbnailUrl: `/x.webp" onload="alert(1)` }),
      { variant: 'list' },
      NOW,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('" onload="');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(eventCardHtml(event({ title: hostile }), { variant: 'strip' }, NOW)).not.toContain('<img src=x');
  });

  it('without a picture, an empty frame; without regions, no regions line', () => {
    const html = eventCardHtml(event({ thumbnailUrl: null, activeRegions: [] }), { variant: 'list' }, NOW);
    expect(html).toContain('<div class="thumb"></div>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('class="regions"');
  });
});

describe('photographerCardHtml and cardItemsHtml', () => {
  it('shows ★ average (count) once the photographer has a review, in words to screen readers', () => {
    expect(photographerCardHtml(photographer())).not.toContain('class="rating"');
    expect(photographerCardHtml(photographer({ rating: { average: 0, count: 0 } }))).not.toContain('class="rating"');
    const html = photographerCardHtml(photographer({ rating: { average: 4.25, count: 12 } }));
    expect(html).toContain('<span class="star">★</span> 4.3 (12)');
    expect(html).toContain('<span class="sr-only">별점 4.3점, 후기 12개</span>');
  });

  it('a photographer card: grid picture, nickname cut at 8, types', () => {
    const html = photographerCardHtml(photographer(), { priority: true });
    expect(html).toMatch(
      /^<article class="photographer-card"><a class="link" href="\/photographer\/9" data-detail-link>/,
    );
    expect(html).toContain('sizes="(max-width: 430px) calc(50vw - 22px), 193px"');
    expect(html).toContain(
      '<h3 class="name"><span aria-hidden="true">빛담는사진관작가...</span><span class="sr-only">빛담는사진관작가님</span></h3>',
    );
    expect(html).toContain('<p class="types"><span class="sr-only">촬영 유형: </span>스냅</p></a></article>');
    expect(photographerCardHtml(photographer({ nickname: '<b>' }))).toContain('<h3 class="name">&lt;b&gt;</h3>');
  });

  it('list items: the first `eager` load at once, the first `priority` are fetched first', () => {
    const html = cardItemsHtml(
      [photographer(), photographer({ id: 10 }), photographer({ id: 11 })],
      photographerCardHtml,
      {
        eager: 2,
        priority: 1,
        headingLevel: 'h2',
      },
    );
    const items = html.split('</li>').filter(Boolean);
    expect(items).toHaveLength(3);
    expect(items.map((i) => /loading="(\w+)" fetchpriority="(\w+)"/.exec(i)?.slice(1).join(' '))).toEqual([
      'eager high',
      'eager auto',
      'lazy auto',
    ]);
    expect(items.every((i) => i.startsWith('<li><article') && i.includes('<h2 class="name">'))).toBe(true);
  });
});
