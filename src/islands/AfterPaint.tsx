import { hasAccessToken } from '#client/auth';
import { PUSH_MOMENT_EVENT, pushMomentDue } from '#client/push-moment';
import { useAfterPaintTasks } from './after-paint-tasks';

/**
 * What every page does after its largest paint, each a module fetched only then (decision 019). A component
 * script the parser finds is a file fetched before the first paint, and Lighthouse's simulation charges
 * it there; rendered `client:painted`, this island loads nothing before the paint and renders nothing.
 *
 * The build inlines in a page the CSS of every module its islands may import, fetched later or not: a
 * task here puts its stylesheets in every page. The detail pages' parts (their menus, the application
 * sheet, reviews, the gallery) are `DetailAfterPaint`'s, which only those pages render
 * (`tests/integration/inlined-css.test.ts`).
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
} satisfies Record<string, () => void>;

export type AfterPaintTask = keyof typeof TASKS;

export function AfterPaint({ tasks }: { tasks: readonly AfterPaintTask[] }): null {
  useAfterPaintTasks(TASKS, tasks);
  return null;
}
