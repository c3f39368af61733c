/** Domain enums of the contract, with their Korean labels. Shared by browser and server. */
export const PHOTOGRAPHY_TYPES = ['SNAP', 'PROFILE', 'CONCEPT', 'ID_PHOTO', 'SELF'] as const;
export type PhotographyType = (typeof PHOTOGRAPHY_TYPES)[number];
export const PHOTOGRAPHY_TYPE_LABELS: Record<PhotographyType, string> = {
  SNAP: '스냅',
  PROFILE: '프로필',
  CONCEPT: '컨셉',
  ID_PHOTO: '증명',
  SELF: '셀프',
};

export const PROMOTION_TYPES = ['FREE', 'DISCOUNT'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const PROMOTION_TYPE_LABELS: Record<PromotionType, string> = { FREE: '무료', DISCOUNT: '할인' };

export const SORT_TYPES = ['LATEST', 'POPULAR'] as const;
export type SortType = (typeof SORT_TYPES)[number];
export const SORT_TYPE_LABELS: Record<SortType, string> = { LATEST: '최신순', POPULAR: '인기순' };

export const PROGRESS_STATUSES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];
export const PROGRESS_FILTERS = ['ALL', ...PROGRESS_STATUSES] as const;
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];
export const PROGRESS_FILTER_LABELS: Record<ProgressFilter, string> = {
  ALL: '전체',
  UPCOMING: '진행 예정',
  ONGOING: '진행 중',
  ENDED: '마감',
};

export const GENDERS = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { MALE: '남성', FEMALE: '여성' };

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

export const SIGNUP_SOURCES = ['ACQUAINTANCE', 'INSTAGRAM', 'SHOOTING_EVENT', 'INTERNET_SEARCH', 'OTHER'] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];
export const SIGNUP_SOURCE_LABELS: Record<SignupSource, string> = {
  ACQUAINTANCE: '지인 소개',
  INSTAGRAM: '인스타그램',
  SHOOTING_EVENT: '촬영 이벤트',
  INTERNET_SEARCH: '인터넷 검색',
  OTHER: '기타',
};

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
