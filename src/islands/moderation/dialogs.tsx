import { api } from '#client/api';
import type { ReportResponse } from '#lib/contract-moderation';
import { moderationCopy } from '#lib/copy-moderation';
import {
  HIDE_REASON_MAX,
  REPORT_DETAIL_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type ReportReason,
  MODERATION_PATHS,
  type HideableTargetType,
  type ReportTargetType,
} from '#lib/rules/report';
import { showToast } from '#stores/ui';
import { ReasonDialog } from './ReasonDialog';

const REASON_CHOICES = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

const LEADS: Record<ReportTargetType, string> = {
  PROMOTION: moderationCopy.report.eventLead,
  PHOTOGRAPHER: moderationCopy.report.photographerLead,
  REVIEW: moderationCopy.report.reviewLead,
  APPLICATION: moderationCopy.report.applicationLead,
};

/** 신고하기: a reason (기타 needs text) sent to POST /reports; a toast when it is received. */
export function ReportDialog(props: { targetType: ReportTargetType; targetId: number; onClose: () => void }) {
  const t = moderationCopy.report;
  return (
    <ReasonDialog
      title={t.title}
      lead={LEADS[props.targetType]}
      choices={REASON_CHOICES}
      legend={t.reasonLegend}
      textLabel={t.detailLabel}
      placeholder={t.detailPlaceholder}
      maxLength={REPORT_DETAIL_MAX}
      textRequired={(choice) => choice === 'OTHER'}
      submitLabel={t.submit}
      sendingLabel={t.sending}
      onClose={props.onClose}
      onSubmit={async (choice, text) => {
        await api.post<ReportResponse>('/reports', {
          targetType: props.targetType,
          targetId: props.targetId,
          reason: choice as ReportReason,
          detail: text,
        });
        props.onClose();
        showToast(t.done);
      }}
    />
  );
}

/** 숨기기 (ADMIN): the reason the author will read, sent to the hide endpoint of the target. */
export function HideDialog(props: {
  targetType: HideableTargetType;
  targetId: number;
  onClose: () => void;
  onHidden: () => void;
}) {
  const t = moderationCopy.admin;
  const kind = MODERATION_PATHS[props.targetType];
  const title = { PROMOTION: t.hideTitle, PHOTOGRAPHER: t.hidePhotographerTitle, REVIEW: t.hideReviewTitle };
  return (
    <ReasonDialog
      title={title[props.targetType]}
      lead={t.hideLead}
      textLabel={t.hideReasonLabel}
      maxLength={HIDE_REASON_MAX}
      textRequired={() => true}
      submitLabel={t.hideSubmit}
      sendingLabel={moderationCopy.report.sending}
      onClose={props.onClose}
      onSubmit={async (_choice, text) => {
        await api.post(`/admin/${kind}/${props.targetId}/hide`, { reason: text });
        props.onClose();
        showToast(t.hidden);
        props.onHidden();
      }}
    />
  );
}
