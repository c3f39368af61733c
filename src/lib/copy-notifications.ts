/**
 * Korean copy of notifications (issue 42): what each kind says and the page that lists them. The
 * server writes a notification's title and body from these when the change happens; the bell, the
 * /notifications page and the settings on my page use the rest.
 */
import type { NotificationKind } from './notifications';

const quoted = (title: string) => `‘${title}’`;

export const notificationText = {
  newApplications: (event: string, n: number) => ({
    title: `새 신청 ${n}건`,
    body: `${quoted(event)}에 새 신청이 들어왔어요. 신청자를 확인해 보세요.`,
  }),
  withdrawn: (event: string, applicant: string) => ({
    title: '신청이 취소되었어요',
    body: `${applicant}님이 ${quoted(event)} 신청을 취소했어요.`,
  }),
  selected: (event: string, when: string, place: string, message: string | null) => ({
    title: `${quoted(event)}에 선정되었어요`,
    body: [`촬영 일정: ${when}`, `장소: ${place}`, ...(message ? [`작가님 메시지: ${message}`] : [])].join('\n'),
  }),
  declined: (event: string, message: string | null) => ({
    title: `${quoted(event)} 신청 결과`,
    body: ['아쉽지만 이번에는 선정되지 않았어요.', ...(message ? [`작가님 메시지: ${message}`] : [])].join('\n'),
  }),
  cancelled: (event: string, reason: string | null) => ({
    title: `${quoted(event)} 선정이 취소되었어요`,
    body: reason ? `취소 사유: ${reason}` : '작가님이 선정을 취소했어요.',
  }),
  shootReminder: (event: string, when: string, place: string | null) => ({
    title: '내일 촬영이 있어요',
    body: `${quoted(event)} · ${when}${place ? ` · ${place}` : ''}`,
  }),
  savedClosing: (event: string) => ({
    title: '저장한 이벤트가 내일 마감돼요',
    body: `${quoted(event)} 신청이 내일까지예요.`,
  }),
  /** Advertising under Korean law: marked (광고) and sent only to members who opted in. */
  savedPhotographerPosted: (photographer: string, event: string) => ({
    title: `(광고) ${photographer}님이 새 이벤트를 올렸어요`,
    body: `${quoted(event)} · 저장한 사진작가의 새 이벤트예요.`,
  }),
  closingUndecided: (event: string, n: number) => ({
    title: `내일 마감인데 아직 결정하지 않은 신청이 ${n}건 있어요`,
    body: `${quoted(event)} 신청자를 확인하고 선정해 주세요. 마감이 지나면 결정하지 않은 신청은 만료돼요.`,
  }),
  reviewRequest: (event: string) => ({
    title: '촬영은 어떠셨나요?',
    body: `${quoted(event)} 후기를 남겨 주세요. 촬영 완료 후 30일 동안 쓸 수 있어요.`,
  }),
  /** The owner's content, after an admin acted on it (`what`: 이벤트, 사진작가 페이지, 후기). */
  moderated: {
    HIDE: (what: string, name: string, reason: string) => ({
      title: `${what}가 숨겨졌어요`,
      body: `${quoted(name)}\n사유: ${reason}\n내용을 고친 뒤 다시 검토를 요청할 수 있어요.`,
    }),
    UNHIDE: (what: string, name: string) => ({ title: `${what}가 다시 공개되었어요`, body: quoted(name) }),
    KEEP_HIDDEN: (what: string, name: string) => ({
      title: '다시 검토했지만 숨김이 유지돼요',
      body: `${what} ${quoted(name)}`,
    }),
    DELETE: (what: string, name: string) => ({
      title: `${what}가 삭제되었어요`,
      body: `${quoted(name)}\n운영 정책에 따라 관리자가 삭제했어요.`,
    }),
  },
  /** A reporter's report, handled (`what`: the kind of target; `outcome`: what was done). */
  reportHandled: (what: string, name: string, outcome: 'HIDDEN' | 'DELETED' | 'DISMISSED') => ({
    title: outcome === 'DISMISSED' ? '신고를 검토했어요' : '신고를 처리했어요',
    body: `신고한 ${what}: ${quoted(name)}\n처리 결과: ${
      outcome === 'HIDDEN' ? '숨김' : outcome === 'DELETED' ? '삭제' : '운영 정책 위반을 찾지 못했어요'
    }`,
  }),
  /** What each kind of target is called in these notices. */
  targetNoun: { PROMOTION: '이벤트', PHOTOGRAPHER: '사진작가 페이지', REVIEW: '후기', APPLICATION: '신청' },
  /** Who an anonymised applicant is in a notification. */
  someone: '신청자',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  NEW_APPLICATIONS: '새 신청 (작가)',
  APPLICATION_WITHDRAWN: '신청 취소 (작가)',
  APPLICATION_SELECTED: '선정 소식',
  APPLICATION_DECLINED: '미선정 소식',
  APPLICATION_CANCELLED: '선정 취소 소식',
  SHOOT_REMINDER: '촬영 전날 알림',
  SAVED_EVENT_CLOSING: '저장한 이벤트 마감 알림',
  PROMOTIONAL: '이벤트·혜택 알림 (광고성)',
  REVIEW_REQUEST: '후기 요청',
  CONTENT_MODERATED: '내 게시물 숨김·공개 소식',
  REPORT_HANDLED: '신고 처리 결과',
  EVENT_CLOSING_UNDECIDED: '마감 전 미결정 신청 (작가)',
};

export const notificationCopy = {
  title: '알림',
  bell: '알림',
  bellUnread: (n: number) => `알림, 읽지 않은 알림 ${n}개`,
  empty: '아직 받은 알림이 없어요.',
  markAll: '모두 읽음',
  unread: '읽지 않음',
  today: '오늘',
  yesterday: '어제',
  more: '더 보기',
  loadFailed: '알림을 불러오지 못했어요.',
  retry: '다시 시도',
  settingsTitle: '알림 설정',
  settingsHelp: '알림마다 앱 안에서 받을지, 휴대폰 알림(푸시)으로 받을지 고를 수 있어요.',
  inApp: '앱 알림',
  push: '푸시',
  promotionalHelp: '광고성 정보 수신 동의가 필요해요. 밤 9시부터 아침 8시까지는 보내지 않아요. 언제든 끌 수 있어요.',
  promotionalConsentAt: (date: string) => `수신 동의일: ${date}`,
  saved: '저장했어요.',
  saveFailed: '저장하지 못했어요. 다시 시도해 주세요.',
};

/** Web Push on this browser: the switch on 알림 설정 and the one-time offer after a first application or event. */
export const pushCopy = {
  deviceTitle: '이 기기에서 푸시 알림',
  on: '켜져 있어요. 휴대폰 잠금 화면으로도 바로 알려드려요.',
  off: '꺼져 있어요. 켜면 선정 결과, 새 신청, 촬영 전날 안내를 휴대폰 알림으로 받아요.',
  turnOn: '푸시 알림 켜기',
  turnOff: '이 기기에서 끄기',
  denied: '브라우저에서 알림이 차단되어 있어요. 브라우저 설정의 사이트 설정에서 담아봐 알림을 허용해 주세요.',
  unsupported: '이 브라우저는 푸시 알림을 지원하지 않아요. 알림은 앱 안에서 볼 수 있어요.',
  iosHomeScreen:
    'iPhone에서는 Safari 공유 버튼에서 ‘홈 화면에 추가’를 누른 뒤, 홈 화면의 담아봐에서 푸시 알림을 켤 수 있어요.',
  failed: '푸시 알림을 켜지 못했어요. 잠시 후 다시 시도해 주세요.',
  turnedOn: '푸시 알림을 켰어요.',
  turnedOff: '이 기기의 푸시 알림을 껐어요.',
  promptTitle: '결과를 바로 알려드릴까요?',
  promptBody: '푸시 알림을 켜면 선정 결과와 새 신청, 촬영 전날 안내를 휴대폰으로 바로 받아요.',
  later: '나중에',
  close: '닫기',
};

export const NOTIFICATION_MESSAGES = {
  readBody: '{"ids": [1, 2]} 또는 {"all": true} 형태로 보내 주세요.',
  settingsBody: '{"settings": [{"kind": "PROMOTIONAL", "inApp": true, "push": false}]} 형태로 보내 주세요.',
} as const;
