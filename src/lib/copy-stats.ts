/**
 * Korean copy of the statistics (issue 43): the photographer's 통계 page and the operator's numbers on
 * /admin, and the labels the server writes into the charts.
 */
export const statsCopy = {
  myPageLink: '통계',
  title: '통계',
  adminTitle: '운영 통계',
  period: (days: number) => `최근 ${days}일`,
  range: (from: string, to: string) => `${from} ~ ${to}`,
  loading: '통계를 불러오는 중이에요…',
  failed: '통계를 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
  retry: '다시 시도',
  photographerOnly: '사진작가 회원만 통계를 볼 수 있어요.',
  /** The comparison with the previous period. */
  previous: (days: number) => `이전 ${days}일`,
  change: (now: number, before: number) => {
    if (before === 0) return now === 0 ? '변화 없음' : `${now.toLocaleString('ko-KR')} 늘었어요`;
    const pct = Math.round(((now - before) / before) * 100);
    if (pct === 0) return '변화 없음';
    return pct > 0 ? `${pct}% 늘었어요` : `${-pct}% 줄었어요`;
  },
  totals: '합계',
  daily: '날짜별',
  chartTitle: (days: number) => `최근 ${days}일 날짜별 추이`,
  tableCaption: (days: number) => `최근 ${days}일 날짜별 숫자`,
  day: '날짜',
  events: '이벤트별',
  eventsHint: '최근에 올린 이벤트 20개까지 보여 드려요.',
  noEvents: '아직 올린 이벤트가 없어요.',
  eventLink: '이벤트 보기',
  count: (n: number) => `${n.toLocaleString('ko-KR')}`,
  labels: {
    views: '조회',
    saves: '저장',
    clicks: '신청 링크 클릭',
    applications: '담아봐 신청',
    selections: '선정',
    completions: '촬영 완료',
    members: '가입',
    events: '이벤트 등록',
    reviews: '후기',
  },
} as const;

export type StatsLabelKey = keyof typeof statsCopy.labels;
