/**
 * What a service throws when a request cannot be done: a `DomainError` with one of the contract's error
 * codes and a Korean message (and the broken fields, for VALIDATION_ERROR). Services know nothing of
 * HTTP: the endpoint layer (`http/errors.ts`, `statusOf`) maps each code to its status, in one place.
 */
import type { ErrorCode } from '#lib/contract';
import type { FieldError, PayloadResult } from '#lib/rules/result';

export type { ErrorCode, FieldError };

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A request that is not well-formed (a wrong type, a missing or unknown value). */
export const invalidRequest = (message = '요청 형식이 올바르지 않습니다.') => new DomainError('BAD_REQUEST', message);

/** Well-formed input that breaks a rule, every broken field listed. */
export const invalidFields = (errors: FieldError[]) =>
  new DomainError('VALIDATION_ERROR', errors.map((e) => e.message).join(' ') || '입력값이 올바르지 않습니다.', errors);

export const denied = (code: ErrorCode = 'ACCESS_DENIED', message = '이 기능을 사용할 권한이 없습니다.') =>
  new DomainError(code, message);

export const notFound = (code: ErrorCode = 'NOT_FOUND', message = '요청한 주소를 찾을 수 없습니다.') =>
  new DomainError(code, message);

/** The thing already exists (a second save, a taken nickname, an open report). */
export const conflict = (code: ErrorCode, message: string) => new DomainError(code, message);

/** A validated payload's value; a malformed one is BAD_REQUEST, a broken rule VALIDATION_ERROR. */
export function unwrap<T>(result: PayloadResult<T>): T {
  if (result.ok) return result.value;
  if (result.kind === 'BAD_REQUEST') throw invalidRequest(result.message);
  throw invalidFields(result.errors);
}
