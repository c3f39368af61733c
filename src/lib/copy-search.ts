/**
 * Korean copy of the search field's suggestions, recent and popular searches (issue 45). Only the search
 * page reads it and hands its island the strings.
 */
export const searchFieldCopy = {
  suggestions: '추천 검색어',
  recent: '최근 검색어',
  popular: '인기 검색어',
  clearRecent: '전체 삭제',
  clearRecentLabel: '최근 검색어 전체 삭제',
  /** `{keyword}` is the search removed. (Data only: an island's props carry no functions.) */
  removeRecent: '최근 검색어 ‘{keyword}’ 삭제',
  remove: '삭제',
  noRecent: '최근 검색어가 없어요',
  kinds: { EVENT: '이벤트', PHOTOGRAPHER: '사진작가', TYPE: '촬영 종류', REGION: '지역' },
  /** `{n}` is how many suggestions are shown. */
  count: '추천 검색어 {n}개',
};

export type SearchFieldCopy = typeof searchFieldCopy;
