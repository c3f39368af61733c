import { useAfterPaintTasks } from './after-paint-tasks';

/**
 * What the detail pages (an event, a photographer, their reviews) do after their largest paint, apart
 * from every page's (`AfterPaint`): their share buttons, menus, application sheet, portfolio viewer,
 * review actions and gallery. Only the pages that render this island carry these parts' stylesheets
 * (the build inlines the CSS of every module a page's islands may import).
 */
const TASKS = {
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
  /** The event gallery's swiper. */
  galleries: () => void import('#client/swiper-gallery').then((m) => m.startGalleries()),
} satisfies Record<string, () => void>;

export type DetailAfterPaintTask = keyof typeof TASKS;

export function DetailAfterPaint({ tasks }: { tasks: readonly DetailAfterPaintTask[] }): null {
  useAfterPaintTasks(TASKS, tasks);
  return null;
}
