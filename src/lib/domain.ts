/** Domain enums of the contract, with their Korean labels. Shared by browser and server. */

/**
 * An enum with its Korean labels, written once as the label table: its values are the table's keys, in
 * the order written. `const [VALUES, LABELS] = labelled({ A: '가', B: '나' })`.
 */
export function labelled<K extends string>(
  labels: Record<K, string>,
): readonly [readonly K[], Readonly<Record<K, string>>] {
  return [Object.keys(labels) as K[], labels];
}

export const [PHOTOGRAPHY_TYPES, PHOTOGRAPHY_TYPE_LABELS] = labelled({
  SNAP: '스냅',
  PROFILE: '프로필',
  CONCEPT: '컨셉',
  ID_PHOTO: '증명',
  SELF: '셀프',
});
export type PhotographyType = (typeof PHOTOGRAPHY_TYPES)[number];

export const [PROMOTION_TYPES, PROMOTION_TYPE_LABELS] = labelled({ FREE: '무료', DISCOUNT: '할인' });
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const [SORT_TYPES, SORT_TYPE_LABELS] = labelled({ LATEST: '최신순', POPULAR: '인기순' });
export type SortType = (typeof SORT_TYPES)[number];

/** The list filter of an event's progress: every event, or those in one state. */
export const [PROGRESS_FILTERS, PROGRESS_FILTER_LABELS] = labelled({
  ALL: '전체',
  UPCOMING: '진행 예정',
  ONGOING: '진행 중',
  ENDED: '마감',
});
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];
export type ProgressStatus = Exclude<ProgressFilter, 'ALL'>;

export const [GENDERS, GENDER_LABELS] = labelled({ MALE: '남성', FEMALE: '여성' });
export type Gender = (typeof GENDERS)[number];

export const ROLES = ['USER', 'PHOTOGRAPHER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBER_TYPES = ['UNDEFINED', 'USER', 'PHOTOGRAPHER'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const FILE_TYPES = [
  'USER_PROFILE_IMAGE',
  'PHOTOGRAPHER_PORTFOLIO_IMAGE',
  'PROMOTION_IMAGE',
  // An application's reference photos: private, stored under private keys that /media never serves.
  'APPLICATION_IMAGE',
  // A review's photos of the shoot: public, like event images.
  'REVIEW_IMAGE',
] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const [SIGNUP_SOURCES, SIGNUP_SOURCE_LABELS] = labelled({
  ACQUAINTANCE: '지인 소개',
  INSTAGRAM: '인스타그램',
  SHOOTING_EVENT: '촬영 이벤트',
  INTERNET_SEARCH: '인터넷 검색',
  OTHER: '기타',
});
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

export interface Image {
  name: string;
  url: string;
}

export interface Region {
  category: string;
  name: string;
}

export interface Address {
  sido: string;
  sigungu: string;
  roadAddress: string;
  jibunAddress: string;
}

export function isOneOf<T extends string>(values: readonly T[], v: unknown): v is T {
  return typeof v === 'string' && (values as readonly string[]).includes(v);
}
