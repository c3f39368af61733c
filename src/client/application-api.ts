/**
 * Typed calls of applications on 담아봐 (issue 40; docs/api.md) on the one API client: applying and
 * editing, the moves of the transition table, the applicant's and the author's lists, and the files
 * read with the token (photos, the calendar file).
 */
import { api, apiBlob } from '#client/api';
import { markPushMoment } from '#client/push-moment';
import type { ApplicationStatus } from '#lib/applications';
import { applicationPhotoPath } from '#lib/application-form';
import type {
  ApplicationBody,
  ApplicationInboxEvent,
  ApplicationMoveBody,
  ApplicationResponse,
  Page,
} from '#lib/contract';

/** Applies; a first application is when the member is offered push (the decision reaches them). */
export async function applyToPromotion(promotionId: number, body: ApplicationBody): Promise<ApplicationResponse> {
  const applied = await api.post<ApplicationResponse>(`/promotions/${promotionId}/applications`, body);
  markPushMoment();
  return applied;
}

export function editApplication(id: number, body: ApplicationBody): Promise<ApplicationResponse> {
  const { consent: _consent, ...edit } = body;
  return api.put<ApplicationResponse>(`/applications/${id}`, edit);
}

export function moveApplication(id: number, body: ApplicationMoveBody): Promise<ApplicationResponse> {
  return api.post<ApplicationResponse>(`/applications/${id}/transitions`, body);
}

export function fetchMyApplications(page: number, pageSize: number): Promise<Page<ApplicationResponse>> {
  return api.get<Page<ApplicationResponse>>('/users/me/applications', { query: { page, pageSize } });
}

export async function fetchApplicationInbox(): Promise<ApplicationInboxEvent[]> {
  return (await api.get<{ items: ApplicationInboxEvent[] }>('/users/me/application-inbox')).items;
}

export function fetchEventApplications(
  promotionId: number,
  status: ApplicationStatus | null,
  page: number,
  pageSize: number,
): Promise<Page<ApplicationResponse>> {
  return api.get<Page<ApplicationResponse>>(`/promotions/${promotionId}/applications`, {
    query: { status, page, pageSize },
  });
}

/** An application's n-th photo, with the token (the answer is never cached by anything shared). */
export function fetchApplicationPhoto(id: number, index: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(applicationPhotoPath(id, index), signal);
}

/** The agreed shoot as an iCalendar file, saved by the browser as `damabwa-shoot-{id}.ics`. */
export async function downloadCalendar(id: number): Promise<void> {
  const blob = await apiBlob(`/applications/${id}/calendar.ics`);
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `damabwa-shoot-${id}.ics`;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Let the browser start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
