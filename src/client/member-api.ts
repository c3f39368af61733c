/**
 * Typed calls of the member pages (my page, saved lists, profile editors, event form) on top of the one
 * API client (src/lib/api): the shapes of api-contract.md these pages read, and one function per call.
 */
import { api, isApiRequestError } from '#client/api';
import { markPushMoment } from '#client/push-moment';
import type {
  Page,
  SavedPhotographerItem,
  PhotographerResponse,
  PromotionBody,
  PromotionListItem,
  PromotionResponse,
  UserResponse,
} from '#lib/contract';
import type { HiddenItem, HiddenItems, HiddenItemType, HiddenPromotionView } from '#lib/contract-moderation';
import type { PhotographerPagePayload, PhotographerProfilePayload, UserProfilePayload } from '#lib/rules/member';

export type SavedType = 'promotion' | 'photographer';

/** GET /users/me/hidden: the member's hidden events and photographer page (issue 44, item 7). */
export async function fetchMyHidden(): Promise<HiddenItem[]> {
  return (await api.get<HiddenItems>('/users/me/hidden')).items;
}

/** 다시 검토 요청: the owner asks an admin to look again at their hidden event or page. */
export function requestHiddenReview(type: HiddenItemType, id: number): Promise<unknown> {
  return api.post(type === 'PROMOTION' ? `/promotions/${id}/review-request` : '/photographers/me/review-request');
}

export function isSavedType(value: unknown): value is SavedType {
  return value === 'promotion' || value === 'photographer';
}

const savedPath = (type: SavedType) => (type === 'promotion' ? '/promotions/saved' : '/photographers/saved');

export function fetchSavedPromotions(page: number, pageSize: number): Promise<Page<PromotionListItem>> {
  return api.get<Page<PromotionListItem>>(savedPath('promotion'), { query: { page, pageSize } });
}

export function fetchSavedPhotographers(page: number, pageSize: number): Promise<Page<SavedPhotographerItem>> {
  return api.get<Page<SavedPhotographerItem>>(savedPath('photographer'), { query: { page, pageSize } });
}

/** The member's saved events still open that close within `days` days (my page), soonest first. */
export async function fetchSavedClosingSoon(days: number, pageSize = 10): Promise<PromotionListItem[]> {
  const answer = await api.get<Page<PromotionListItem>>(savedPath('promotion'), {
    query: { page: 0, pageSize, closingWithinDays: days },
  });
  return answer.items;
}

/**
 * How many items of a type the member has saved. The page envelope carries `totalPage =
 * ceil(total / pageSize)`, so one page of size 1 answers with the exact total and no items to speak of
 * (docs/decisions/005-member-pages.md).
 */
export async function fetchSavedCount(type: SavedType): Promise<number> {
  const answer = await api.get<Page<unknown>>(savedPath(type), { query: { page: 0, pageSize: 1 } });
  return answer.totalPage;
}

export function fetchPhotographer(id: number): Promise<PhotographerResponse> {
  return api.get<PhotographerResponse>(`/photographers/${id}`);
}

export function updateUserProfile(body: UserProfilePayload): Promise<UserResponse> {
  return api.put<UserResponse>('/users/me/profile', body);
}

export function updatePhotographerProfile(body: PhotographerProfilePayload): Promise<PhotographerResponse> {
  return api.put<PhotographerResponse>('/photographers/me/profile', body);
}

export function updatePhotographerPage(body: PhotographerPagePayload): Promise<PhotographerResponse> {
  return api.put<PhotographerResponse>('/photographers/me/page', body);
}

/** DELETE /users/me: the member, their page, saves, events and files are gone; tokens stop working. */
export function withdrawMembership(): Promise<void> {
  return api.delete('/users/me');
}

export function fetchPromotion(id: number): Promise<PromotionResponse> {
  return api.get<PromotionResponse>(`/promotions/${id}`);
}

/**
 * An event to edit: a live one, or (404 there) the author's own hidden one, which they may fix before
 * asking for another look (GET /promotions/{id}/moderation answers only its author and admins).
 */
export async function fetchEditablePromotion(id: number): Promise<PromotionResponse> {
  try {
    return await fetchPromotion(id);
  } catch (err) {
    if (!isApiRequestError(err) || err.status !== 404) throw err;
    return (await api.get<HiddenPromotionView>(`/promotions/${id}/moderation`)).promotion;
  }
}

/** Posts an event; a first event is when the author is offered push (applicants reach them). */
export async function createPromotion(body: PromotionBody): Promise<PromotionResponse> {
  const created = await api.post<PromotionResponse>('/promotions', body);
  markPushMoment();
  return created;
}

export function updatePromotion(id: number, body: PromotionBody): Promise<PromotionResponse> {
  return api.put<PromotionResponse>(`/promotions/${id}`, body);
}
