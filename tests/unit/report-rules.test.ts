/** The report and hide rules shared by the dialogs and the endpoints (issue 22). */
import { describe, expect, it } from 'vitest';
import { validateHideInput, validateReportDetail, validateReportInput } from '#lib/rules/report';

describe('report rules', () => {
  it('needs text for 기타 only, trims it, and caps it at 500 characters', () => {
    expect(validateReportDetail('SPAM', '  ')).toEqual({ ok: true, value: '' });
    expect(validateReportDetail('OTHER', '  ')).toMatchObject({ ok: false, message: '기타 사유를 적어 주세요.' });
    expect(validateReportDetail('OTHER', ' 가짜 계정 ')).toEqual({ ok: true, value: '가짜 계정' });
    expect(validateReportDetail('FRAUD', '가'.repeat(500))).toMatchObject({ ok: true });
    expect(validateReportDetail('FRAUD', '가'.repeat(501))).toMatchObject({ ok: false });
  });

  it('reads a report body: 400 for wrong types and values, 422 for rules, the value otherwise', () => {
    expect(validateReportInput({ targetType: 'PROMOTION', targetId: 3, reason: 'SPAM' })).toEqual({
      ok: true,
      value: { targetType: 'PROMOTION', targetId: 3, reason: 'SPAM', detail: '' },
    });
    expect(validateReportInput({ targetType: 'USER', targetId: 3, reason: 'SPAM' })).toMatchObject({
      ok: false,
      kind: 'BAD_REQUEST',
    });
    expect(validateReportInput({ targetType: 'PROMOTION', targetId: 3, reason: 'SPAM', detail: 5 })).toMatchObject({
      kind: 'BAD_REQUEST',
    });
    expect(validateReportInput({ targetType: 'PROMOTION', targetId: 0, reason: 'OTHER' })).toMatchObject({
      kind: 'VALIDATION',
      errors: [{ field: 'targetId' }, { field: 'detail' }],
    });
    expect(validateReportInput([])).toMatchObject({ kind: 'BAD_REQUEST' });
  });

  it('needs a hide reason of 1–200 characters', () => {
    expect(validateHideInput({})).toMatchObject({ kind: 'VALIDATION', errors: [{ field: 'reason' }] });
    expect(validateHideInput({ reason: '가'.repeat(201) })).toMatchObject({ kind: 'VALIDATION' });
    expect(validateHideInput({ reason: ' 사칭 ' })).toEqual({ ok: true, value: { reason: '사칭' } });
  });
});
