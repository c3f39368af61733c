/** Addresses of the browse pages, in one place. */
export const paths = {
  home: '/',
  events: '/events',
  photographers: '/photographers',
  search: '/search',
  myPage: '/mypage',
  login: '/login',
  newEvent: '/new/event',
  event: (id: number) => `/event/${id}`,
  photographer: (id: number) => `/photographer/${id}`,
  /** The event form in edit mode. */
  editEvent: (id: number) => `/new/event?edit=${id}`,
} as const;
