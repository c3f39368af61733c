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
  event: (id: number) => `/event/${id}`,
  photographer: (id: number) => `/photographer/${id}`,
  /** The event form in edit mode. */
  editEvent: (id: number) => `/new/event?edit=${id}`,
} as const;

/**
 * Marks a 404 page that serves its own not-found view (a hidden event or photographer page): the
 * middleware does not redirect it.
 */
export const HIDDEN_VIEW_HEADER = 'X-Hidden-View';
