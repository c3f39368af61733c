/**
 * Services throw domain errors without a status; the endpoint layer answers each with the envelope and
 * the status of its code (http/errors.ts STATUS), in one place.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, STATUS, statusOf, tooManyRequests } from '#server/http/errors';
import { toErrorResponse } from '#server/http/respond';
import {
  DomainError,
  conflict,
  denied,
  invalidFields,
  invalidRequest,
  notFound,
  unwrap,
} from '#server/services/errors';

async function answer(err: unknown): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const res = toErrorResponse(err);
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

describe('domain errors at the HTTP boundary', () => {
  it('answers each domain error with its envelope and the status of its code', async () => {
    expect(await answer(notFound('PROMOTION_NOT_FOUND', '이벤트를 찾을 수 없어요.'))).toEqual({
      status: 404,
      body: { code: 'PROMOTION_NOT_FOUND', message: '이벤트를 찾을 수 없어요.' },
      retryAfter: null,
    });
    expect((await answer(conflict('ALREADY_PROMOTION_SAVE', '이미 저장한 이벤트예요.'))).status).toBe(409);
    expect((await answer(denied('PROMOTION_UPDATE_PERMISSION_DENIED', '작성자만'))).status).toBe(403);
    expect((await answer(denied())).body).toEqual({
      code: 'ACCESS_DENIED',
      message: '이 기능을 사용할 권한이 없습니다.',
    });
    expect((await answer(invalidRequest('fileType 이 필요합니다.'))).status).toBe(400);
    expect((await answer(new DomainError('INVALID_REFRESH_TOKEN', '다시 로그인해 주세요.'))).status).toBe(401);
    expect((await answer(new DomainError('KAKAO_API', '카카오'))).status).toBe(400);
  });

  it('keeps the field errors of a validation error', async () => {
    const errors = [{ field: 'nickname', message: '닉네임은 2자 이상이에요.' }];
    expect(await answer(invalidFields(errors))).toEqual({
      status: 422,
      body: { code: 'VALIDATION_ERROR', message: '닉네임은 2자 이상이에요.', errors },
      retryAfter: null,
    });
  });

  it('turns a rule result into the value or the error', () => {
    expect(unwrap({ ok: true, value: 3 })).toBe(3);
    expect(() => unwrap({ ok: false, kind: 'BAD_REQUEST', field: 'a', message: 'a 항목이 필요합니다.' })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: 'a 항목이 필요합니다.' }),
    );
    const errors = [{ field: 'b', message: 'b 가 너무 길어요.' }];
    expect(() => unwrap({ ok: false, kind: 'VALIDATION', errors })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', errors }),
    );
  });

  it('lets the HTTP layer name its own status and headers', async () => {
    expect(await answer(tooManyRequests(2))).toMatchObject({ status: 429, retryAfter: '2' });
    expect(statusOf(new ApiError(431, 'BAD_REQUEST', '요청 헤더가 너무 큽니다.'))).toBe(431);
    expect(statusOf(new DomainError('BAD_REQUEST', 'x'))).toBe(STATUS.BAD_REQUEST);
  });
});
