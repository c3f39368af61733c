/**
 * The words people type for our photography types and regions, and what each reaches: one table, data
 * only, read by the search (`#server/search/query`) and its suggestions. A key is matched against the
 * query with spaces removed and lower-cased (`id photo` → `idphoto`), so write keys that way; a word
 * that is a key finds what its own letters find, and also every row of the types and regions it names.
 * To add a word: add it to the words its target already has, or give it a line of its own. Region keys
 * are `시/도 시/군/구` as in `src/data/regions.json`.
 */
import type { PhotographyType } from './domain';

export interface SearchWordTarget {
  types?: readonly PhotographyType[];
  /** Region keys (`서울 마포구`). */
  regions?: readonly string[];
  /** Other words the row's text may hold instead (`바프` → `바디프로필`). */
  words?: readonly string[];
}

const SNAP: SearchWordTarget = { types: ['SNAP'] };
const PROFILE: SearchWordTarget = { types: ['PROFILE'] };
const BODY_PROFILE: SearchWordTarget = { types: ['PROFILE'], words: ['바디프로필'] };
const CONCEPT: SearchWordTarget = { types: ['CONCEPT'] };
const ID_PHOTO: SearchWordTarget = { types: ['ID_PHOTO'], words: ['증명사진'] };
const SELF: SearchWordTarget = { types: ['SELF'], words: ['셀프'] };
const region = (...keys: string[]): SearchWordTarget => ({ regions: keys });
/** Entries for `words` that all reach `target`. */
const reaching = (target: SearchWordTarget, ...words: string[]) =>
  Object.fromEntries(words.map((word) => [word, target])) as Record<string, SearchWordTarget>;

export const SEARCH_WORDS: Readonly<Record<string, SearchWordTarget>> = {
  // Photography types: the label itself reaches the type too.
  ...reaching(SNAP, '스냅', '스냅사진', 'snap', 'snapshot'),
  ...reaching(PROFILE, '프로필', '프로필사진', 'profile', '프사'),
  ...reaching(BODY_PROFILE, '바프', '바디프로필', 'bodyprofile'),
  ...reaching(CONCEPT, '컨셉', '컨셉사진', '콘셉트', '콘셉', 'concept'),
  ...reaching(ID_PHOTO, '증명', '증명사진', '증사', 'idphoto', 'id사진'),
  여권사진: { types: ['ID_PHOTO'] },
  ...reaching(SELF, '셀프', '셀프사진', '셀프사진관', '셀프스튜디오', '셀프촬영', '셀카', 'self', 'selfie'),
  // Regions: common names of places and spellings of 시/도.
  ...reaching(region('서울'), '서울시', '서울특별시'),
  ...reaching(region('서울 강남구'), '강남', '강남역', '신사', '압구정'),
  ...reaching(region('서울 마포구'), '홍대', '홍대입구', '합정', '연남', '연남동', '망원', '상수'),
  신촌: region('서울 서대문구'),
  ...reaching(region('서울 성동구'), '성수', '성수동', '서울숲'),
  ...reaching(region('서울 용산구'), '이태원', '한남'),
  ...reaching(region('서울 송파구'), '잠실', '석촌호수'),
  여의도: region('서울 영등포구'),
  ...reaching(region('서울 종로구'), '광화문', '북촌', '익선동'),
  을지로: region('서울 중구'),
  건대: region('서울 광진구'),
  ...reaching(region('경기 성남'), '판교', '분당'),
  일산: region('경기 고양'),
  송도: region('인천 연수구'),
  해운대: region('부산 해운대구'),
  광안리: region('부산 수영구'),
  서면: region('부산 부산진구'),
  제주도: { regions: ['제주 제주시', '제주 서귀포시'] },
};

/** The table's entry for a word, or none: the word with spaces removed and lower-cased. */
export function searchWordTarget(word: string): SearchWordTarget | undefined {
  const key = word.replace(/\s+/gu, '').toLowerCase();
  return Object.hasOwn(SEARCH_WORDS, key) ? SEARCH_WORDS[key] : undefined;
}

/** The longest key in words, for the query splitter (a phrase of several typed words: `id photo`). */
export const LONGEST_SEARCH_WORD = Math.max(...Object.keys(SEARCH_WORDS).map((k) => Array.from(k).length));
