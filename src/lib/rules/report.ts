/**
 * Reports and moderation rules: the report dialog uses them for its choices and hints, the report and
 * hide endpoints use `validateReportInput` and `validateHideInput`.
 */
import { labelled } from '#lib/domain';
import { normaliseMultiline, validateMultilineText } from './common';
import { readPayload, requiredEnum, requiredString } from './payload';
import { FieldErrors, type PayloadResult, type RuleResult } from './result';
import type { JsonObject } from './payload';

export const REPORT_TARGET_TYPES = ['PROMOTION', 'PHOTOGRAPHER', 'REVIEW', 'APPLICATION'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/**
 * The targets an admin hides and shows again. An application (issue 40) is private to its two parties:
 * it is reported by one of them and read by the admin, never hidden from a public that cannot see it.
 */
export type HideableTargetType = Exclude<ReportTargetType, 'APPLICATION'>;
export const isHideable = (type: ReportTargetType): type is HideableTargetType => type !== 'APPLICATION';
/** Where each kind of target is hidden and shown again: `/admin/{path}/{id}/hide`, `…/unhide`. */
export const MODERATION_PATHS: Record<HideableTargetType, string> = {
  PROMOTION: 'promotions',
  PHOTOGRAPHER: 'photographers',
  REVIEW: 'reviews',
};
export const [REPORT_REASONS, REPORT_REASON_LABELS] = labelled({
  SPAM: '스팸·홍보',
  INAPPROPRIATE_PHOTO: '부적절한 사진',
  FRAUD: '사기 의심',
  OTHER: '기타',
});
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAIL_MAX = 500;
export const HIDE_REASON_MAX = 200;

export interface ReportInput {
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  /** Required (1–500) for OTHER, optional otherwise; '' when absent. */
  detail: string;
}

const MESSAGES = {
  detailEmpty: '기타 사유를 적어 주세요.',
  detailTooLong: `사유는 ${REPORT_DETAIL_MAX}자까지 쓸 수 있어요.`,
  detailInvalid: '사유에 쓸 수 없는 문자가 있어요.',
  hideEmpty: '숨기는 사유를 적어 주세요.',
  hideTooLong: `사유는 ${HIDE_REASON_MAX}자까지 쓸 수 있어요.`,
};

/** The detail text of a report: required for 기타, at most 500 characters. */
export function validateReportDetail(reason: ReportReason, detail: string): RuleResult<string> {
  if (reason !== 'OTHER' && normaliseMultiline(detail) === '') return { ok: true, value: '' };
  return validateMultilineText(
    detail,
    { min: 1, max: REPORT_DETAIL_MAX },
    { empty: MESSAGES.detailEmpty, tooLong: MESSAGES.detailTooLong, invalid: MESSAGES.detailInvalid },
  );
}

/** Why an admin hides a target (the author reads it): 1–200 characters. */
export function validateHideReason(reason: string): RuleResult<string> {
  return validateMultilineText(
    reason,
    { min: 1, max: HIDE_REASON_MAX },
    { empty: MESSAGES.hideEmpty, tooLong: MESSAGES.hideTooLong, invalid: MESSAGES.detailInvalid },
  );
}

function optionalText(body: JsonObject, field: string): string {
  const v = body[field];
  return v === undefined || v === null ? '' : requiredString(body, field);
}

function positiveId(body: JsonObject, field: string): number | null {
  const v = body[field];
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
}

export function validateReportInput(body: unknown): PayloadResult<ReportInput> {
  return readPayload(body, (b) => {
    const targetType = requiredEnum(b, 'targetType', REPORT_TARGET_TYPES);
    const reason = requiredEnum(b, 'reason', REPORT_REASONS);
    const rawDetail = optionalText(b, 'detail');
    const errors = new FieldErrors();
    const targetId = positiveId(b, 'targetId');
    if (targetId === null) errors.add('targetId', '신고할 대상을 찾을 수 없어요.');
    const detail = errors.check('detail', validateReportDetail(reason, rawDetail));
    if (errors.errors.length > 0 || targetId === null || detail === undefined) return errors;
    return { targetType, targetId, reason, detail };
  });
}

export function validateHideInput(body: unknown): PayloadResult<{ reason: string }> {
  return readPayload(body, (b) => {
    const errors = new FieldErrors();
    const reason = errors.check('reason', validateHideReason(optionalText(b, 'reason')));
    return reason === undefined ? errors : { reason };
  });
}
