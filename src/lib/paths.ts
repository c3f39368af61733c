/** Addresses of the browse pages, in one place. */
export const paths = {
  home: '/',
  events: '/events',
  photographers: '/photographers',
  search: '/search',
  myPage: '/mypage',
  admin: '/admin',
  login: '/login',
  newEvent: '/new/event',
  /** The member editors. */
  editUser: '/edit/user',
  editPhotographer: '/edit/photographer',
  editPhotographerPage: '/edit/photographer/detail',
  event: (id: number) => `/event/${id}`,
  photographer: (id: number) => `/photographer/${id}`,
  /** Every review of a photographer, a page at a time (issue 43). */
  photographerReviews: (id: number, page = 0) => `/photographer/${id}/reviews${page > 0 ? `?page=${page}` : ''}`,
  /** An event's apply link: counts the click, then 302 to the event's external link (issue 43). */
  applyLink: (id: number) => `/api/v1/promotions/${id}/apply`,
  /** 통계: a photographer's numbers (issue 43). */
  myStats: '/my/stats',
  /** The operator's numbers per day (issue 43). */
  adminStats: '/admin/stats',
  /** The event form in edit mode. */
  editEvent: (id: number) => `/new/event?edit=${id}`,
  /** 내 신청: the member's applications on 담아봐 (issue 40). */
  myApplications: '/my/applications',
  /** 신청 관리: the author's events that take applications, and one event's applicants. */
  inbox: '/my/inbox',
  inboxEvent: (id: number) => `/my/inbox/${id}`,
  /** 내 정보: consents and the data download (issue 41). */
  myPrivacy: '/my/privacy',
  /** 알림: the member's notifications (issue 42). */
  notifications: '/notifications',
  /** 알림 설정, linked from my page. */
  notificationSettings: '/my/notification-settings',
} as const;

/**
 * Marks a 404 page that serves its own not-found view (a hidden event or photographer page): the
 * middleware does not redirect it.
 */
export const HIDDEN_VIEW_HEADER = 'X-Hidden-View';
