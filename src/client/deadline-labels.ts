/**
 * Recomputes every deadline label of the page (src/components/DeadlineLabel.astro) from its dates and
 * the visitor's clock, so a page kept from yesterday never shows yesterday's count. Loaded after the
 * largest paint (src/islands/AfterPaint.tsx): the server's label is right on the day it rendered.
 */
import { cardDeadline, cardDeadlineLabel, detailDeadlineLabel } from '#lib/deadline';

export function updateDeadlineLabels(now = Date.now()): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-deadline]')) {
    const start = el.dataset['start'] ?? '';
    const end = el.dataset['end'] ?? '';
    const label =
      el.dataset['deadline'] === 'detail' ? detailDeadlineLabel(end, now) : cardDeadlineLabel(start, end, now);
    if (el.textContent !== label) el.textContent = label;
    el.dataset['kind'] = cardDeadline(start, end, now).kind;
  }
}
