/** The Korean copy catalog: every user-facing string lives here. */
export const copy = {
  appName: '담아봐',
  tagline: '무료·할인 촬영 이벤트와 사진작가를 한곳에서',
  common: {
    cancel: '취소',
    confirm: '확인',
    close: '닫기',
    back: '뒤로 가기',
    home: '홈',
    search: '검색',
    myPage: '마이페이지',
    more: '더보기',
    viewAll: '전체보기',
    login: '로그인',
  },
  footer: {
    instagram: '인스타그램',
    privacy: '개인정보처리방침',
    terms: '이용약관',
    representative: '대표',
    partnership: '제휴 문의',
    phone: '전화',
    disclaimer:
      '담아봐는 통신판매중개자로서 정보 제공만을 하며 거래의 당사자가 아닙니다. 게시된 상품 및 이벤트에 대한 책임은 각 판매자에게 있습니다.',
  },
  loginRequired: {
    short: ['로그인이 필요한 서비스입니다.'],
    shortContent: ['로그인 후 이용해 주세요.'],
    myPage: ['로그인이 필요한 서비스입니다.', '로그인 후 이용할 수 있는 기능이에요.'],
    myPageContent: ['로그인 페이지로 이동할까요?'],
    action: '로그인하기',
  },
  errors: {
    unexpectedTitle: 'Unexpected Application Error!',
    unexpected: '예기치 못한 오류가 발생했어요. 잠시 후 다시 시도해 주세요.',
    goHome: '홈으로 가기',
    notFound: '페이지를 찾을 수 없어요. 홈으로 이동합니다.',
  },
  toast: {
    urlCopied: 'URL이 복사되었어요!',
    copyFailed: '복사에 실패했어요.',
  },
  deadline: {
    closed: '마감된 이벤트',
    closingToday: '오늘 마감',
    upcoming: '진행 예정',
    daysLeft: (days: number) => `마감까지 D-${days}`,
    detailClosed: '마감된 이벤트',
    detailClosingToday: '오늘 마감되는 이벤트',
    detailDaysLeft: (days: number) => `이벤트 마감까지 D-${days}`,
  },
} as const;
