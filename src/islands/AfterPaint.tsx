import { useEffect } from 'react';
import { hasAccessToken } from '#client/auth';
import { PUSH_MOMENT_EVENT, pushMomentDue } from '#client/push-moment';

/**
 * What a page does after its largest paint, each a module fetched only then (decision 019). A component
 * script the parser finds is a file fetched before the first paint, and Lighthouse's simulation charges
 * it there; rendered `client:painted`, this island loads nothing before the paint and renders nothing.
 */
const TASKS = {
  /** Deadline labels recomputed on the visitor's clock (pages kept from yesterday). */
  deadlines: () => {
    if (!document.querySelector('[data-deadline]')) return;
    void import('#client/deadline-labels').then((m) => m.updateDeadlineLabels());
  },
  /** The save buttons made live, all at once (`SaveButton.astro`, decision 008). */
  saves: () => {
    if (!document.querySelector('button[data-save]')) return;
    void import('#client/save-buttons').then((m) => m.enhanceSaveButtons());
  },
  /** The event and photographer pages' share buttons (`ShareButton.astro`, decision 008). */
  share: () => void import('#client/share-buttons').then((m) => m.enhanceShareButtons()),
  /** The event and photographer pages' options menus (`OptionsMenuSlot.astro`, decision 008). */
  options: () => void import('#client/options-menus').then((m) => m.mountOptionsMenus()),
  /** The event page's "담아봐로 신청하기" (`src/client/apply-buttons.ts`, issue 40). */
  apply: () => {
    if (!document.querySelector('[data-apply-slot]')) return;
    void import('#client/apply-buttons').then((m) => m.mountApplyButtons());
  },
  /** The photographer page's portfolio viewer (`PortfolioGrid.astro`, decision 008). */
  portfolio: () => void import('#client/portfolio-grid').then((m) => m.enhancePortfolioGrids()),
  /** The answer form and report button of reviews (`ReviewItem.astro`, issue 43), for those they concern. */
  reviews: () => {
    if (!document.querySelector('[data-review-actions]')) return;
    void import('#client/review-actions').then((m) => m.mountReviewActions());
  },
  /** The home page's links and session refresh. */
  home: () => void import('#client/home-page').then((m) => m.startHomePage()),
  /** A signed-in member with a required document's new version to agree to goes to 내 정보 (issue 41). */
  consents: () => {
    if (!hasAccessToken()) return;
    void import('#client/consent-check').then((m) => m.checkConsents());
  },
  /** The top bar's notification bell, shown to a signed-in member with their unread count (issue 42). */
  bell: () => {
    if (!document.querySelector('[data-bell]') || !hasAccessToken()) return;
    void import('#client/notification-bell').then((m) => m.startBell());
  },
  /** The one-time push offer after a first application or event (issue 42), now or when it comes. */
  push: () => {
    const offer = () => {
      if (hasAccessToken() && pushMomentDue()) void import('#client/push-prompt').then((m) => m.showPushPrompt());
    };
    offer();
    window.addEventListener(PUSH_MOMENT_EVENT, offer);
  },
  /** The event gallery's swiper. */
  galleries: () => void import('#client/swiper-gallery').then((m) => m.startGalleries()),
} satisfies Record<string, () => void>;

export type AfterPaintTask = keyof typeof TASKS;

export function AfterPaint({ tasks }: { tasks: readonly AfterPaintTask[] }): null {
  useEffect(() => {
    for (const task of new Set(tasks)) TASKS[task]();
    // The tasks are the page's: fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
