/**
 * The member's reviews on 내 신청 (issue 43): loaded once with the applications, by the application they
 * review; writing, editing and deleting one, each reflected on the application's card at once.
 */
import { atom } from 'nanostores';
import { api, isApiRequestError } from '#client/api';
import type { Page, ReviewBody, ReviewResponse } from '#lib/contract';
import { reviewCopy } from '#lib/copy-reviews';
import { $myApplications } from './my-applications';
import { errorMessage } from './member';
import { openConfirm, showToast } from './ui';

/** Application id → its review (deleted ones are absent). */
export const $myReviews = atom<Readonly<Record<number, ReviewResponse>>>({});

export async function loadMyReviews(): Promise<void> {
  try {
    const page = await api.get<Page<ReviewResponse>>('/users/me/reviews', { query: { page: 0, pageSize: 100 } });
    const byApplication: Record<number, ReviewResponse> = {};
    for (const r of page.items) if (r.applicationId) byApplication[r.applicationId] = r;
    $myReviews.set(byApplication);
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('my reviews not loaded', err);
  }
}

function keep(applicationId: number, review: ReviewResponse | null): void {
  const { [applicationId]: _old, ...rest } = $myReviews.get();
  $myReviews.set(review ? { ...rest, [applicationId]: review } : rest);
  const apps = $myApplications.get();
  $myApplications.set({
    ...apps,
    items: apps.items.map((a) => (a.id === applicationId ? { ...a, reviewId: review?.id ?? a.reviewId ?? null } : a)),
  });
}

/** 후기 올리기: a refusal throws for the sheet to show. */
export async function postReview(applicationId: number, body: ReviewBody): Promise<void> {
  keep(applicationId, await api.post<ReviewResponse>(`/applications/${applicationId}/review`, body));
  showToast(reviewCopy.form.posted);
}

/** 고친 내용 저장: a refusal throws for the sheet to show. */
export async function saveReviewEdit(applicationId: number, reviewId: number, body: ReviewBody): Promise<void> {
  keep(applicationId, await api.patch<ReviewResponse>(`/reviews/${reviewId}`, body));
  showToast(reviewCopy.form.saved);
}

/** 후기 지우기, behind a confirm. */
export function askDeleteReview(applicationId: number, reviewId: number): void {
  const t = reviewCopy.form;
  openConfirm({
    title: [t.removeConfirm],
    confirmLabel: t.remove,
    onConfirm: async () => {
      try {
        await api.delete(`/reviews/${reviewId}`);
        keep(applicationId, null);
        showToast(t.removed);
      } catch (err) {
        if (isApiRequestError(err) && err.status === 401) return;
        showToast(errorMessage(err), 'error');
      }
    },
  });
}
