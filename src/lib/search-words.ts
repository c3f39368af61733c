/**
 * The words people type for our photography types and regions, and what each reaches: one table, data
 * only, read by the search (`#server/search/query`) and its suggestions. A key is matched against the
 * query with spaces removed and lower-cased (`id photo` → `idphoto`), so write keys that way; a word
 * that is a key finds what its own letters find, and also every row of the types and regions it names.
 * To add a word: add a line. Region keys are `시/도 시/군/구` as in `src/data/regions.json`.
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

export const SEARCH_WORDS: Readonly<Record<string, SearchWordTarget>> = {
  // Photography types: the label itself reaches the type too.
  스냅: SNAP,
  스냅사진: SNAP,
  snap: SNAP,
  snapshot: SNAP,
  프로필: PROFILE,
  프로필사진: PROFILE,
  profile: PROFILE,
  프사: PROFILE,
  바프: BODY_PROFILE,
  바디프로필: BODY_PROFILE,
  bodyprofile: BODY_PROFILE,
  컨셉: CONCEPT,
  컨셉사진: CONCEPT,
  콘셉트: CONCEPT,
  콘셉: CONCEPT,
  concept: CONCEPT,
  증명: ID_PHOTO,
  증명사진: ID_PHOTO,
  증사: ID_PHOTO,
  idphoto: ID_PHOTO,
  id사진: ID_PHOTO,
  여권사진: { types: ['ID_PHOTO'] },
  셀프: SELF,
  셀프사진: SELF,
  셀프사진관: SELF,
  셀프스튜디오: SELF,
  셀프촬영: SELF,
  셀카: SELF,
  self: SELF,
  selfie: SELF,
  // Regions: common names of places and spellings of 시/도.
  서울시: region('서울'),
  서울특별시: region('서울'),
  강남: region('서울 강남구'),
  강남역: region('서울 강남구'),
  신사: region('서울 강남구'),
  압구정: region('서울 강남구'),
  홍대: region('서울 마포구'),
  홍대입구: region('서울 마포구'),
  합정: region('서울 마포구'),
  연남: region('서울 마포구'),
  연남동: region('서울 마포구'),
  망원: region('서울 마포구'),
  상수: region('서울 마포구'),
  신촌: region('서울 서대문구'),
  성수: region('서울 성동구'),
  성수동: region('서울 성동구'),
  서울숲: region('서울 성동구'),
  이태원: region('서울 용산구'),
  한남: region('서울 용산구'),
  잠실: region('서울 송파구'),
  석촌호수: region('서울 송파구'),
  여의도: region('서울 영등포구'),
  광화문: region('서울 종로구'),
  북촌: region('서울 종로구'),
  익선동: region('서울 종로구'),
  을지로: region('서울 중구'),
  건대: region('서울 광진구'),
  판교: region('경기 성남'),
  분당: region('경기 성남'),
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
