/** Reports and moderation: the report dialog, the admin's menu items, /admin and the hidden event view. */
import { copy } from './copy';
import type { ModerationAction, ModerationTargetType } from './contract-moderation';

export const moderationCopy = {
  report: {
    menu: '신고하기',
    /** The ⋮ button of a photographer page for a member who may report it: named as the event's is (더보기). */
    photographerMenu: copy.common.more,
    title: '신고하기',
    eventLead: '이 이벤트를 신고하는 이유를 골라 주세요.',
    photographerLead: '이 사진작가 페이지를 신고하는 이유를 골라 주세요.',
    reviewLead: '이 후기를 신고하는 이유를 골라 주세요.',
    reasonLegend: '신고 사유',
    detailLabel: '자세한 사유',
    detailPlaceholder: '어떤 점이 문제인지 적어 주세요.',
    submit: '신고하기',
    sending: '보내는 중…',
    done: '신고가 접수됐어요. 운영자가 확인할게요.',
    signInFirst: '로그인한 회원만 신고할 수 있어요.',
  },
  admin: {
    title: '운영 관리',
    /** The ⋮ button of a photographer page for an admin, whose menu hides it (the event's: 이벤트 관리 메뉴). */
    photographerMenu: '사진작가 페이지 관리 메뉴',
    /** My page's menu row to /admin, for an ADMIN only. */
    myPageLink: '신고·숨김 관리',
    hide: '숨기기',
    unhide: '숨김 해제',
    delete: '삭제하기',
    /** Closes a report without acting on its target: not 닫기, which reads like closing a dialog. */
    dismiss: '신고 기각',
    hideTitle: '이 이벤트를 숨길까요?',
    hidePhotographerTitle: '이 사진작가 페이지를 숨길까요?',
    hideReviewTitle: '이 후기를 숨길까요?',
    hideLead: '작성자에게 보여 줄 숨김 사유를 적어 주세요.',
    hideReasonLabel: '숨김 사유',
    hideSubmit: '숨기기',
    hidden: '숨겼어요.',
    unhidden: '다시 공개했어요.',
    deleted: '삭제했어요.',
    dismissed: '신고를 기각했어요.',
    dismissTitle: ['이 신고를 기각할까요?'],
    dismissContent: [
      '신고된 대상은 그대로 두고 이 신고만 처리를 마쳐요.',
      '신고한 회원은 같은 대상을 다시 신고할 수 있어요.',
    ],
    dismissConfirm: '기각',
    unhideTitle: ['숨김을 해제할까요?'],
    unhideContent: ['누구나 다시 볼 수 있게 공개돼요.'],
    unhideConfirm: '숨김 해제',
    /** Reports of one reporter (a flood): shown only theirs, then all of them dismissed at once. */
    onlyReporter: '이 신고자의 신고만 보기',
    allReporters: '모든 신고자 보기',
    reporterFilter: (nickname: string) => `${nickname} 님의 신고`,
    dismissAll: '이 신고자의 신고 모두 기각',
    dismissAllTitle: (nickname: string) => [`${nickname} 님의 신고를 모두 기각할까요?`],
    dismissAllContent: (n: number) => [
      `처리 전 신고 ${n}건을 한 번에 기각해요.`,
      '신고된 대상은 그대로 두고, 처리 기록에는 한 건씩 남아요.',
    ],
    dismissAllConfirm: (n: number) => `${n}건 기각`,
    dismissedAll: (n: number) => `신고 ${n}건을 기각했어요.`,
    nothingToDismiss: '기각할 신고가 없어요.',
    filters: '신고 거르기',
    targetFilter: '대상',
    reasonFilter: '사유',
    allFilter: '전체',
    noMatches: '조건에 맞는 신고가 없어요.',
    pages: '신고 목록 페이지',
    pageStatus: (from: number, to: number, total: number) => `${total}건 중 ${from}–${to}`,
    previousPage: '이전',
    nextPage: '다음',
    deleteTitle: ['이벤트를 삭제할까요?'],
    deleteContent: ['삭제한 이벤트는 다시 복구할 수 없어요.'],
    deleteConfirm: '삭제',
    reports: '처리할 신고',
    noReports: '처리할 신고가 없어요.',
    events: '최근 이벤트',
    noEvents: '등록된 이벤트가 없어요.',
    log: '처리 기록',
    noLog: '아직 처리 기록이 없어요.',
    hiddenBadge: '숨김',
    deletedBadge: '삭제됨',
    reporter: (nickname: string) => `신고한 회원: ${nickname}`,
    by: (nickname: string | null) => `처리: ${nickname ?? '탈퇴한 관리자'}`,
    resolved: (n: number) => (n > 0 ? `신고 ${n}건 처리` : ''),
    denied: '관리자만 볼 수 있는 페이지예요.',
    loadFailed: '불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
    retry: '다시 시도',
    targetGone: '(삭제된 대상)',
    /** A log entry's target: what it was called then (kept after a delete), else its number. */
    logTarget: (type: string, label: string | null, id: number) =>
      label === null ? `${type} #${id}` : `${type} ‘${label}’ (#${id})`,
  },
  targetType: { PROMOTION: '이벤트', PHOTOGRAPHER: '사진작가', REVIEW: '후기', MEMBER: '회원' } satisfies Record<
    ModerationTargetType,
    string
  >,
  action: {
    HIDE: '숨김',
    UNHIDE: '숨김 해제',
    DELETE: '삭제',
    DISMISS: '신고 기각',
    GRANT_ADMIN: '관리자 권한 부여',
    REVOKE_ADMIN: '관리자 권한 회수',
  } satisfies Record<ModerationAction, string>,
  /** The reporter of a report whose reporter withdrew. */
  formerMember: '탈퇴한 회원',
  /** The hidden event or photographer page as its author (owner) and admins see it. */
  hidden: {
    PROMOTION: {
      title: '숨겨진 이벤트',
      banner: '이 이벤트는 운영 정책에 따라 숨겨졌어요. 다른 사람에게는 보이지 않아요.',
    },
    PHOTOGRAPHER: {
      title: '숨겨진 사진작가 페이지',
      banner: '이 사진작가 페이지는 운영 정책에 따라 숨겨졌어요. 다른 사람에게는 보이지 않아요.',
    },
    reason: '숨김 사유',
    hiddenAt: '숨긴 날짜',
    loading: '불러오는 중…',
  },
};
