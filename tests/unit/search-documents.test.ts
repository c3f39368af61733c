import { describe, expect, it } from 'vitest';
import { eventSearchDocument, regionSearchParts, searchDocument } from '#server/search/grams';

describe('search documents (decision 002: every writer builds the same document)', () => {
  it("adds each region's name and key", () => {
    expect(regionSearchParts([{ category: '서울', name: '강남구' }])).toEqual(['강남구', '서울 강남구']);
  });

  it('an event document is its title, content, hashtags and regions', () => {
    const doc = eventSearchDocument({
      title: '야경 스냅',
      content: '한강 야경',
      hashtags: ['야경'],
      regions: [{ category: '서울', name: '마포구' }],
    });
    expect(doc.text).toBe('야경 스냅\n한강 야경\n야경\n마포구\n서울 마포구');
    expect(doc).toEqual(searchDocument(['야경 스냅', '한강 야경', '야경', '마포구', '서울 마포구']));
    expect(doc.grams).toContain('서울');
  });
});
