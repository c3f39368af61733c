/**
 * The answer shapes of api-contract.md, written once: the server's services build them and the islands
 * read them, so a field renamed on one side is a type error on the other.
 */
import type { ApplicationMove, ApplicationStatus, ApplyMode } from './applications';
import type {
  Address,
  Gender,
  Image,
  MemberType,
  PhotographyType,
  ProgressStatus,
  PromotionType,
  Region,
  Role,
} from './domain';
import type { PromotionPayload } from './rules/promotion';
import type { Rating } from './reviews';

export type { Page, PageRequest } from './page';

export interface UserResponse {
  id: number;
  type: MemberType;
  roles: Role[];
  loginType: 'KAKAO';
  nickname: string;
  profileImage: Image | null;
  gender: Gender | null;
  instagramId: string | null;
}

export interface PhotographerResponse extends UserResponse {
  mainPhotographyTypes: PhotographyType[];
  contactLink: string | null;
  /** Empty until the photographer fills the page. */
  description: string;
  /** Never null: four empty strings when the photographer gave none. */
  address: Address;
  portfolio: Image[];
  activeRegions: Region[];
  /** Reviews of shoots on 담아봐 (issue 43): the average to one decimal and how many are shown. */
  rating: Rating;
  /** Applications of their events marked completed. */
  completedShoots: number;
}

export interface PhotographerDetailResponse extends PhotographerResponse {
  saveCount: number;
  isSaved: boolean;
}

export interface PhotographerListItem {
  id: number;
  nickname: string;
  profileImage: Image | null;
  isSaved: boolean;
  mainPhotographyTypes: PhotographyType[];
  rating: Rating;
  completedShoots: number;
}

/** An entry of GET /photographers/saved: a list item with the public save count (docs/api.md). */
export interface SavedPhotographerItem extends PhotographerListItem {
  saveCount: number;
}

/** An event's author as lists show it; null when the author is hidden. */
export interface ListAuthor {
  id: number;
  nickname: string;
  profileImage: Image | null;
  roles: Role[];
  instagramId: string | null;
  isAdmin: boolean;
}

export interface PromotionListItem {
  id: number;
  author: ListAuthor | null;
  promotionType: PromotionType;
  title: string;
  startedAt: string;
  endedAt: string;
  saveCount: number;
  isSaved: boolean;
  isAuthorHidden: boolean;
  photographyTypes: PhotographyType[];
  images: Image[];
  activeRegions: Region[];
  hashtags: string[];
  progressStatus: ProgressStatus;
}

/** The body of POST /promotions and PUT /promotions/{id} as the event form sends it. */
export type PromotionBody = Omit<PromotionPayload, 'isAuthorHidden'>;

/** The answer of reading, creating or editing an event: the body's fields and these. */
export interface PromotionResponse extends PromotionBody {
  id: number;
  /** null for a hidden-author event, except for its author and admins. */
  authorId: number | null;
  viewCount: number;
  isAuthorHidden: boolean;
  /** How it takes applications (`LINK` for events made without the field). */
  applyMode: ApplyMode;
  capacity: number | null;
  showPlacesLeft: boolean;
  asksInstagram: boolean;
  asksPhotos: boolean;
  /** 모집 인원 minus those selected, when the author shows it. */
  placesLeft?: number;
  /** For its author: how many applied on 담아봐. */
  applicationCount?: number;
}

export interface PromotionDetailResponse extends Omit<PromotionResponse, 'authorId'> {
  author: (UserResponse & { isAdmin: boolean }) | null;
  saveCount: number;
  isSaved: boolean;
  progressStatus: ProgressStatus;
}

/** The `code` of the error envelope `{code, message, errors?}` (api-contract.md, error codes). */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'KAKAO_API'
  | 'INVALID_AUTH_CREDENTIALS'
  | 'INVALID_REFRESH_TOKEN'
  | 'ACCESS_DENIED'
  | 'REGISTRATION_REQUIRED'
  | 'PROMOTION_UPDATE_PERMISSION_DENIED'
  | 'PROMOTION_DELETE_PERMISSION_DENIED'
  | 'PROMOTION_AUTHOR_HIDDEN_PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'USER_NOT_FOUND'
  | 'PHOTOGRAPHER_NOT_FOUND'
  | 'PROMOTION_NOT_FOUND'
  | 'PROMOTION_SAVE_NOT_FOUND'
  | 'PHOTOGRAPHER_SAVE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'USER_ALREADY_REGISTERED'
  | 'NICKNAME_ALREADY_EXISTS'
  | 'ALREADY_PROMOTION_SAVE'
  | 'ALREADY_PHOTOGRAPHER_SAVE'
  | 'REPORT_ALREADY_OPEN'
  | 'REPORT_NOT_FOUND'
  | 'APPLICATION_NOT_FOUND'
  | 'ALREADY_APPLIED'
  | 'APPLICATION_TRANSITION_NOT_ALLOWED'
  | 'PROMOTION_FULL'
  | 'PROMOTION_CLOSED'
  | 'PROMOTION_NOT_IN_APP'
  | 'REVIEW_NOT_FOUND'
  | 'ALREADY_REVIEWED'
  | 'REVIEW_NOT_ALLOWED'
  | 'ALREADY_REPLIED'
  | 'REVIEW_REQUEST_NOT_FOUND'
  | 'REVIEW_ALREADY_REQUESTED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION_ERROR'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

// --- sign-in and tokens (POST /auth/login, /auth/refresh, /auth/logout) ---

export const LOGIN_TYPES = ['KAKAO'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Longest accepted provider token and refresh token (longer bodies are 400 BAD_REQUEST). */
export const MAX_AUTH_KEY_LENGTH = 4096;
export const MAX_REFRESH_TOKEN_LENGTH = 512;

export interface LoginRequest {
  loginType: LoginType;
  /** The provider's access token. */
  authKey: string;
}

/** The body of POST /auth/refresh and POST /auth/logout. */
export interface RefreshRequest {
  refreshToken: string;
}

export interface TokenValue {
  value: string;
  /** ISO-8601 in Korea time with its offset. */
  expiresAt: string;
}

export interface TokenPair {
  accessToken: TokenValue;
  refreshToken: TokenValue;
}

export interface RefreshResponse extends TokenPair {
  isRegistrationCompleted: boolean;
}

export interface LoginResponse extends RefreshResponse {
  user: UserResponse;
}

// --- applications on 담아봐 (issue 40; docs/api.md) ---

export interface ApplicationHistoryItem {
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  by: 'APPLICANT' | 'AUTHOR' | 'SYSTEM';
  at: string;
}

/** An application as its applicant, the event's author or an admin reads it. */
export interface ApplicationResponse {
  id: number;
  promotion: { id: number; title: string; startedAt: string; endedAt: string; authorId: number };
  /** Null once the applicant withdrew their membership. */
  applicant: { id: number; nickname: string; profileImage: Image | null } | null;
  status: ApplicationStatus;
  introduction: string;
  preferredDates: string[];
  instagramId: string | null;
  /** Private: loadable only with the bearer token (`GET /applications/{id}/photos/{n}`). */
  photos: Image[];
  /** The applicant's contact: to the author only once selected. */
  contact: string | null;
  /** The agreed shoot, an ISO date-time. */
  shootAt: string | null;
  place: string | null;
  message: string | null;
  reason: string | null;
  /** The photographer's contact, to the applicant once selected. */
  photographerContact: { instagramId: string | null; contactLink: string | null } | null;
  consentVersion: string;
  consentedAt: string;
  createdAt: string;
  updatedAt: string;
  history?: ApplicationHistoryItem[];
  /** When the author marked the shoot completed (a review may be written for 30 days after). */
  completedAt?: string | null;
  /** The applicant's review of it, once written (issue 43). */
  reviewId?: number | null;
}

/** One event of `GET /users/me/application-inbox`. */
export interface ApplicationInboxEvent {
  promotionId: number;
  title: string;
  startedAt: string;
  endedAt: string;
  applyMode: ApplyMode;
  capacity: number | null;
  applicationCount: number;
  waitingCount: number;
  selectedCount: number;
}

/** The body of `POST /promotions/{id}/applications` (and, without `consent`, of an edit). */
export interface ApplicationBody {
  introduction: string;
  preferredDates: string[];
  instagramId: string | null;
  photos: Image[];
  contact: string | null;
  consent?: true;
}

/** The body of `POST /applications/{id}/transitions`. */
export interface ApplicationMoveBody {
  to: ApplicationMove;
  shootAt?: string;
  place?: string;
  message?: string;
  reason?: string;
}

// --- reviews of completed shoots (issue 43; docs/api.md) ---

/** A review as the public reads it (and its author, with `hidden`). */
export interface ReviewResponse {
  id: number;
  photographerId: number;
  /** The event of the shoot, while it is public. */
  promotion: { id: number; title: string } | null;
  /** Null once the author withdrew: shown as "탈퇴한 회원". */
  author: { id: number; nickname: string; profileImage: Image | null } | null;
  rating: number;
  text: string;
  photos: Image[];
  reply: { text: string; createdAt: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Until when its author may edit it. */
  editableUntil: string;
  /** To its author only: the application reviewed, and why an admin hid it. */
  applicationId?: number | null;
  hidden?: { at: string; reason: string } | null;
}

/** The body of `POST /applications/{id}/review` and `PATCH /reviews/{id}`. */
export interface ReviewBody {
  rating: number;
  text: string;
  photos: Image[];
}
