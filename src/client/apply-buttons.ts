/**
 * Mounts the event page's "담아봐로 신청하기" (`ApplyButton`) into the slot the server rendered with a
 * disabled button, after the largest paint (BaseLayout's `AfterPaint`, task `apply`): the page is cached
 * and the same for every visitor, so who is looking (the author, a member who applied) is the
 * browser's to find out, like the options menu (decision 008).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { ApplyButtonProps } from '#islands/ApplyButton';

/** The slot's `data-apply-slot`, checked: the island's props, or null. */
export function readApplyProps(raw: string | undefined): ApplyButtonProps | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const p = v as Record<string, unknown>;
  const str = (k: string) => typeof p[k] === 'string';
  if (!Number.isSafeInteger(p['id']) || (p['id'] as number) <= 0) return null;
  if (!str('title') || !str('startedAt') || !str('endedAt') || !str('photographer')) return null;
  return {
    id: p['id'] as number,
    title: p['title'] as string,
    startedAt: p['startedAt'] as string,
    endedAt: p['endedAt'] as string,
    photographer: p['photographer'] as string,
    asksInstagram: p['asksInstagram'] === true,
    asksPhotos: p['asksPhotos'] === true,
  };
}

/** Mounts the button of every slot of the document not mounted yet; safe to call again. */
export function mountApplyButtons(doc: Document = document): void {
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-apply-slot]:not([data-live])')) {
    const props = readApplyProps(slot.dataset['applySlot']);
    if (!props) continue;
    slot.dataset['live'] = '';
    void import('#islands/ApplyButton').then((m) => createRoot(slot).render(createElement(m.ApplyButton, props)));
  }
}
