import { describe, expect, it } from 'vitest';
import {
  eventSearchDocument,
  initialsOf,
  isInitialsQuery,
  normaliseSearchText,
  photographerSearchDocument,
  regionSearchParts,
  searchGrams,
} from '#server/search/grams';
import { parseSearchQuery } from '#server/search/query';

describe('search documents (decisions 002 and 024: every writer builds the same document)', () => {
  it("adds each region's name and key", () => {
    expect(regionSearchParts([{ category: '서울', name: '강남구' }])).toEqual(['강남구', '서울 강남구']);
  });

  it('an event document is its title, the title’s initials, content, hashtags and regions', () => {
    const doc = eventSearchDocument({
      title: '야경 스냅',
      content: '한강 야경',
      hashtags: ['야경'],
      regions: [{ category: '서울', name: '마포구' }],
    });
    expect(doc.text).toBe('야경 스냅\nㅇㄱㅅㄴ\n한강 야경\n야경\n마포구\n서울 마포구');
    // Grams of the lines without their spaces: `경스` spans the title's space, none spans two lines.
    expect(doc.grams).toEqual(expect.arrayContaining(['서울', '경스', 'ㅇㄱ', '울마']));
    expect(doc.grams).not.toContain('냅ㅇ');
    expect(doc.grams.some((g) => g.includes(' ') || g.includes('\n'))).toBe(false);
  });

  it('a photographer document is the name, its initials, the description and regions', () => {
    const doc = photographerSearchDocument({ nickname: '빛담 스튜디오', description: '', regions: [] });
    expect(doc.text).toBe('빛담 스튜디오\nㅂㄷㅅㅌㄷㅇ');
  });

  it('takes out characters that show nothing, in documents and queries alike', () => {
    expect(normaliseSearchText('가족\u200b스냅\ufeff ')).toBe('가족스냅');
    expect(searchGrams(normaliseSearchText('가족\u200b스냅'))).toEqual(searchGrams('가족스냅'));
  });

  it('initials', () => {
    expect(initialsOf('가을 단풍 가족 스냅 11차')).toBe('ㄱㅇㄷㅍㄱㅈㅅㄴ11ㅊ');
    expect(isInitialsQuery('ㄱㅈㅅㄴ')).toBe(true);
    expect(isInitialsQuery('ㄱㅈ스냅')).toBe(false);
  });
});

describe('search queries', () => {
  it('splits words at spaces; a word of the table reaches its types and regions', () => {
    expect(parseSearchQuery(' 가을   스냅 ')).toEqual([
      { texts: ['가을'], types: [], regions: [] },
      { texts: ['스냅'], types: ['SNAP'], regions: [] },
    ]);
    expect(parseSearchQuery('SNAP')).toEqual([{ texts: ['snap'], types: ['SNAP'], regions: [] }]);
    expect(parseSearchQuery('홍대')[0]?.regions).toEqual(['서울 마포구']);
  });

  it('reads a phrase of the table as one word', () => {
    expect(parseSearchQuery('id photo')).toEqual([
      { texts: ['idphoto', '증명사진'], types: ['ID_PHOTO'], regions: [] },
    ]);
    expect(parseSearchQuery('셀프 사진관')[0]?.types).toEqual(['SELF']);
  });

  it('drops repeated words and invisible characters', () => {
    expect(parseSearchQuery('야경 야경\u200b').map((t) => t.texts)).toEqual([['야경']]);
    expect(parseSearchQuery('\u200b')).toEqual([]);
  });
});
