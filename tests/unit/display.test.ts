import { describe, expect, it } from 'vitest';
import {
  excerpt,
  formatDate,
  formatDateTime,
  formatPeriod,
  hashtagLabel,
  instagramUrl,
  regionsLabel,
  typesLabel,
} from '#lib/display';
import { detectIsMobile } from '#lib/is-mobile';
import { eventJsonLd, jsonLdText } from '#lib/json-ld';

describe('display helpers', () => {
  it('formats dates and periods', () => {
    expect(formatDate('2025-05-01')).toBe('2025.05.01');
    expect(formatPeriod('2025-05-01', '2025-05-31')).toBe('2025.05.01 ~ 2025.05.31');
    expect(formatDate('soon')).toBe('soon');
  });

  it('shows an instant with a four-digit year in Korea’s time (issue 44, item 18)', () => {
    expect(formatDateTime('2025-12-31T15:05:00.000Z')).toBe('2026.01.01 00:05');
    expect(formatDateTime('2025-05-01T03:04:59Z')).toBe('2025.05.01 12:04');
  });

  it('labels regions, types and hashtags', () => {
    expect(
      regionsLabel([
        { category: '서울', name: '강남구' },
        { category: '부산', name: '해운대구' },
      ]),
    ).toBe('서울 강남구, 부산 해운대구');
    expect(typesLabel(['SNAP', 'ID_PHOTO'])).toBe('스냅 · 증명');
    expect(hashtagLabel('야경')).toBe('#야경');
    expect(hashtagLabel('##야경')).toBe('#야경');
  });

  it('cuts excerpts by characters and collapses white space', () => {
    expect(excerpt('한 줄\n\n두 줄', 100)).toBe('한 줄 두 줄');
    expect(excerpt('가나다라마바사', 3)).toBe('가나다…');
  });

  it('builds Instagram addresses', () => {
    expect(instagramUrl('damabwa.studio_1')).toBe('https://www.instagram.com/damabwa.studio_1/');
  });
});

describe('isMobile', () => {
  it('is true at 768px or less, or for a mobile agent', () => {
    expect(detectIsMobile(768, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(detectIsMobile(769, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
    expect(detectIsMobile(1280, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(detectIsMobile(1280, 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile')).toBe(true);
  });
});

describe('JSON-LD', () => {
  const input = {
    id: 7,
    title: '한강 야경 </script><script>alert(1)</script>',
    content: '설명',
    startedAt: '2025-05-01',
    endedAt: '2025-05-31',
    promotionType: 'FREE' as const,
    externalLink: 'https://forms.gle/x',
    images: [{ url: '/media/ab/x.webp' }],
    activeRegions: [{ category: '서울', name: '마포구' }],
    author: { id: 3, nickname: '빛담', isPhotographer: true },
  };

  it('describes the event with absolute addresses', () => {
    const ld = eventJsonLd(input, 'https://damabwa.kr');
    expect(ld).toMatchObject({
      '@type': 'Event',
      url: 'https://damabwa.kr/event/7',
      startDate: '2025-05-01',
      endDate: '2025-05-31',
      image: ['https://damabwa.kr/media/ab/x.webp'],
      organizer: { name: '빛담', url: 'https://damabwa.kr/photographer/3' },
      offers: { price: 0, priceCurrency: 'KRW', url: 'https://forms.gle/x' },
    });
  });

  it('cannot end its script element early', () => {
    const text = jsonLdText(eventJsonLd(input, 'https://damabwa.kr'));
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toMatchObject({ name: input.title });
  });
});
