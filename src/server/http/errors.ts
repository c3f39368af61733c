/**
 * The one error shape of the API: `{ code, message }` with a Korean message, plus `errors` for
 * field-level validation. Services throw `ApiError`; endpoints never build error bodies by hand.
 */
import { NOT_FOUND_MESSAGE } from './not-found';

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
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION_ERROR'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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
export const serviceUnavailable = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.');
export const internalError = () =>
  new ApiError(500, 'INTERNAL_ERROR', '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
