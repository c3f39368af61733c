/**
 * Mounts each review's actions (`ReviewActions`) into the slot `ReviewItem.astro` rendered empty, after
 * the largest paint (BaseLayout's `AfterPaint`, task `reviews`): the photographer's answer form and the
 * report button concern only some signed-in members, and the page is the same cached HTML for all
 * (decision 008). Nothing is loaded for a visitor who is not signed in.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { isSignedInUser } from '#client/auth';
import type { ReviewActionsProps } from '#islands/ReviewActions';
import { $sessionUser } from '#stores/session';

/** The slot's `data-review-actions`, checked: the island's props, or null. */
export function readReviewActions(raw: string | undefined): ReviewActionsProps | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const id = v['id'];
    const photographerId = v['photographerId'];
    const authorId = v['authorId'];
    if (!Number.isSafeInteger(id) || !Number.isSafeInteger(photographerId)) return null;
    return {
      id: id as number,
      photographerId: photographerId as number,
      authorId: Number.isSafeInteger(authorId) ? (authorId as number) : null,
      replied: v['replied'] === true,
    };
  } catch {
    return null;
  }
}

export function mountReviewActions(doc: Document = document): void {
  if (!isSignedInUser($sessionUser.get())) return;
  const slots = [...doc.querySelectorAll<HTMLElement>('[data-review-actions]:not([data-live])')];
  if (slots.length === 0) return;
  void import('#islands/ReviewActions').then(({ ReviewActions }) => {
    for (const slot of slots) {
      const props = readReviewActions(slot.dataset['reviewActions']);
      if (!props) continue;
      slot.dataset['live'] = '';
      createRoot(slot).render(createElement(ReviewActions, props));
    }
  });
}
