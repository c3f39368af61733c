/**
 * When to offer push (issue 42): after something that makes it useful (a member's first application,
 * a photographer's first event), once. Kept in localStorage; tiny on purpose, since every page checks it
 * after its paint (BaseLayout's `AfterPaint`, task `push`) and the prompt's code loads only when due.
 */
const KEY = 'damabwa:push-moment';
/** Sent on window when the moment comes while a page is open (an application from the event page). */
export const PUSH_MOMENT_EVENT = 'damabwa:push-moment';

export function markPushMoment(): void {
  try {
    if (localStorage.getItem(KEY) !== null) return;
    localStorage.setItem(KEY, 'due');
    window.dispatchEvent(new Event(PUSH_MOMENT_EVENT));
  } catch {
    // storage blocked: no offer
  }
}

export function pushMomentDue(): boolean {
  try {
    return localStorage.getItem(KEY) === 'due';
  } catch {
    return false;
  }
}

/** Offered once: whatever the answer, not again (알림 설정 keeps the switch). */
export function dismissPushMoment(): void {
  try {
    localStorage.setItem(KEY, 'asked');
  } catch {
    // storage blocked
  }
}
