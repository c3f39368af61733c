/**
 * The one error shape of the API: `{ code, message }` with a Korean message, plus `errors` for
 * field-level validation. Services throw `DomainError`s (services/errors.ts), which carry no status;
 * `STATUS` below is the one mapping from a code to its HTTP status. The HTTP layer itself (guards,
 * body readers, limits) throws `ApiError`s, which may name a status of their own (408, 431) and
 * headers (`Retry-After`). Endpoints never build error bodies by hand, and neither does the server
 * around the app (`node-server.ts`, `early-answers.ts`): every text an answer carries is declared here.
 */
import type { ErrorCode } from '#lib/contract';
import { DomainError, type FieldError } from '#server/services/errors';
import { NOT_FOUND_MESSAGE } from './not-found';

export type { ErrorCode, FieldError };

/** The HTTP status of each error code. */
export const STATUS: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  KAKAO_API: 400,
  INVALID_AUTH_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  ACCESS_DENIED: 403,
  REGISTRATION_REQUIRED: 403,
  PROMOTION_UPDATE_PERMISSION_DENIED: 403,
  PROMOTION_DELETE_PERMISSION_DENIED: 403,
  PROMOTION_AUTHOR_HIDDEN_PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  PHOTOGRAPHER_NOT_FOUND: 404,
  PROMOTION_NOT_FOUND: 404,
  PROMOTION_SAVE_NOT_FOUND: 404,
  PHOTOGRAPHER_SAVE_NOT_FOUND: 404,
  REPORT_NOT_FOUND: 404,
  APPLICATION_NOT_FOUND: 404,
  REVIEW_NOT_FOUND: 404,
  REVIEW_REQUEST_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  USER_ALREADY_REGISTERED: 409,
  NICKNAME_ALREADY_EXISTS: 409,
  ALREADY_PROMOTION_SAVE: 409,
  ALREADY_PHOTOGRAPHER_SAVE: 409,
  REPORT_ALREADY_OPEN: 409,
  ALREADY_APPLIED: 409,
  APPLICATION_TRANSITION_NOT_ALLOWED: 409,
  PROMOTION_FULL: 409,
  PROMOTION_CLOSED: 409,
  PROMOTION_NOT_IN_APP: 409,
  ALREADY_REVIEWED: 409,
  REVIEW_NOT_ALLOWED: 409,
  ALREADY_REPLIED: 409,
  REVIEW_ALREADY_REQUESTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export class ApiError extends DomainError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
    errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(code, message, errors);
    this.name = 'ApiError';
  }
}

/** The status a domain error answers with. */
export function statusOf(err: DomainError): number {
  return err instanceof ApiError ? err.status : STATUS[err.code];
}

export const badRequest = (message = '요청 형식이 올바르지 않습니다.') => new ApiError(400, 'BAD_REQUEST', message);
export const unauthorized = () =>
  new ApiError(401, 'INVALID_AUTH_CREDENTIALS', '로그인이 필요합니다. 다시 로그인해 주세요.');
export const accessDenied = (message = '이 기능을 사용할 권한이 없습니다.') =>
  new ApiError(403, 'ACCESS_DENIED', message);
export const registrationRequired = () =>
  new ApiError(403, 'REGISTRATION_REQUIRED', '회원가입을 마친 뒤 이용할 수 있어요.');
export const notFound = (code: ErrorCode = 'NOT_FOUND', message = NOT_FOUND_MESSAGE) =>
  new ApiError(404, code, message);
export const methodNotAllowed = () => new ApiError(405, 'METHOD_NOT_ALLOWED', '허용되지 않는 요청 방식입니다.');
export const conflict = (code: ErrorCode, message: string) => new ApiError(409, code, message);
export const payloadTooLarge = (message = '요청 본문이 너무 큽니다.') =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', message);
/** The server's own refusals of a request it could not read (early-answers.ts): 400, 431, 408. */
export const UNREADABLE_REQUEST_MESSAGE =
  '요청을 읽을 수 없습니다. 주소의 한글과 특수문자는 퍼센트 인코딩(%XX)으로 보내 주세요.';
export const headersTooLarge = () => new ApiError(431, 'BAD_REQUEST', '요청 헤더가 너무 큽니다.');
export const requestTimeout = () =>
  new ApiError(408, 'BAD_REQUEST', '요청이 제시간에 끝나지 않았습니다. 다시 시도해 주세요.');
export const unsupportedMediaType = (message = '지원하지 않는 형식입니다.') =>
  new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const validationError = (errors: FieldError[]) =>
  new ApiError(
    422,
    'VALIDATION_ERROR',
    errors.map((e) => e.message).join(' ') || '입력값이 올바르지 않습니다.',
    errors,
  );
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, 'TOO_MANY_REQUESTS', '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
/** Seconds a client should wait before trying again while the database is unavailable (pages say the same). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export const serviceUnavailable = () =>
  new ApiError(
    503,
    'SERVICE_UNAVAILABLE',
    '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    undefined,
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
  );
export const internalError = () =>
  new ApiError(500, 'INTERNAL_ERROR', '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
