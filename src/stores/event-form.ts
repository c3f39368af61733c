/**
 * The event form's store (/new/event, and /new/event?edit=ID): who may open it, the prefill of edit mode
 * (the author is checked), the draft kept in sessionStorage so an accidental reload loses nothing, the
 * banner photo uploads and the submit. Transitions and the register button's rule are the pure
 * functions of src/lib/event-form.
 */
import { atom } from 'nanostores';
import { isApiRequestError } from '#client/api';
import { navigate, readStorageJson, removeStorage, writeStorageJson } from '#client/browser';
import { memberCopy } from '#lib/copy-member';
import { todayKst } from '#lib/deadline';
import type { ApplyMode } from '#lib/applications';
import type { Image, PromotionType } from '#lib/domain';
import {
  EMPTY_EVENT_FORM,
  EVENT_PICKS,
  MAX_BANNER_IMAGES,
  decodeEventDraft,
  eventDraftKey,
  eventFormFromPromotion,
  eventRequest,
  withApplyMode,
  withApplyOption,
  withCapacity,
  withContent,
  withEndDate,
  withExternalLink,
  withHashtagAdded,
  withHashtagInput,
  withHashtagRemoved,
  withPromotionType,
  withStartDate,
  withTitle,
  type ApplyOption,
  type EventDraft,
  type EventFormContext,
  type EventFormFields,
} from '#lib/event-form';
import { hasUnfinished, slotImages } from '#lib/image-list';
import { pickToggles } from '#lib/member-forms';
import { createPromotion, fetchEditablePromotion, updatePromotion } from '#client/member-api';
import { PROMOTION_MESSAGES } from '#lib/rules/promotion';
import { paths } from '#lib/paths';
import { createImageList } from './image-uploads';
import { $gate, denyPage, enterMemberPage, errorMessage, openLimitModal } from './member';
import { carryNotice, showToast } from './ui';

export interface EventFormState {
  status: 'loading' | 'ready';
  editId: number | null;
  /** The member's nickname: the read-only business or activity name. */
  businessName: string;
  fields: EventFormFields;
  context: EventFormContext;
  submitting: boolean;
  submitError: string | null;
}

export const $eventForm = atom<EventFormState>({
  status: 'loading',
  editId: null,
  businessName: '',
  fields: EMPTY_EVENT_FORM,
  context: { today: todayKst(), originalStartedAt: null },
  submitting: false,
  submitError: null,
});

export const bannerImages = createImageList({
  fileType: 'PROMOTION_IMAGE',
  max: MAX_BANNER_IMAGES,
  limitMessage: PROMOTION_MESSAGES.imagesTooMany,
});

/** `?edit=12` → 12; anything else is create mode. */
export function editIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('edit');
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return Number(raw);
}

function saveDraft(): void {
  const s = $eventForm.get();
  if (s.status !== 'ready') return;
  const draft: EventDraft = {
    editId: s.editId,
    originalStartedAt: s.context.originalStartedAt,
    fields: s.fields,
    images: slotImages(bannerImages.$slots.get()),
  };
  writeStorageJson('session', eventDraftKey(s.editId), draft);
}

let persisting = false;

function persistDrafts(): void {
  if (persisting) return;
  persisting = true;
  $eventForm.listen(saveDraft);
  bannerImages.$slots.listen(saveDraft);
}

function ready(
  editId: number | null,
  businessName: string,
  fields: EventFormFields,
  images: Image[],
  original: string | null,
) {
  bannerImages.reset(images);
  $eventForm.set({
    status: 'ready',
    editId,
    businessName,
    fields,
    context: { today: todayKst(), originalStartedAt: original },
    submitting: false,
    submitError: null,
  });
  persistDrafts();
}

/**
 * Opening the form: PHOTOGRAPHER or ADMIN only. Edit mode loads the event (GET /promotions/{id}) and
 * sends anyone but its author away; a draft of the same form kept in this tab wins over the prefill.
 */
export async function openEventForm(params: URLSearchParams): Promise<void> {
  const me = await enterMemberPage('eventWriter');
  if (!me) return;
  const editId = editIdFrom(params);
  const draft = decodeEventDraft(readStorageJson('session', eventDraftKey(editId)), editId);
  if (editId === null) {
    if (draft) showToast(memberCopy.eventForm.draftRestored);
    ready(null, me.nickname, draft?.fields ?? EMPTY_EVENT_FORM, draft?.images ?? [], null);
    return;
  }
  $gate.set({ status: 'checking' });
  try {
    const promotion = await fetchEditablePromotion(editId);
    if (promotion.authorId !== me.id) {
      denyPage(memberCopy.access.notAuthor, `/event/${editId}`);
      return;
    }
    const prefill = eventFormFromPromotion(promotion);
    if (draft) showToast(memberCopy.eventForm.draftRestored);
    $gate.set({ status: 'ready', me });
    ready(editId, me.nickname, draft?.fields ?? prefill.fields, draft?.images ?? prefill.images, promotion.startedAt);
  } catch (err) {
    if (isApiRequestError(err) && err.status === 401) return;
    if (isApiRequestError(err) && err.status === 404) {
      removeStorage('session', eventDraftKey(editId));
      denyPage(memberCopy.access.eventMissing, '/events');
      return;
    }
    console.error('event not loaded for editing', err);
    $gate.set({ status: 'error', message: memberCopy.eventForm.loadFailed });
  }
}

function update(change: (f: EventFormFields) => EventFormFields): void {
  const s = $eventForm.get();
  if (s.status !== 'ready') return;
  const fields = change(s.fields);
  if (fields !== s.fields) $eventForm.set({ ...s, fields, submitError: null });
}

export const setTitle = (input: string) => update((f) => withTitle(f, input));
/** The form's type and region chips. */
export const eventChips = pickToggles(EVENT_PICKS, update);
export const setPromotionType = (type: PromotionType) => update((f) => withPromotionType(f, type));
export const setStartDate = (date: string) => update((f) => withStartDate(f, date));
export const setEndDate = (date: string) => update((f) => withEndDate(f, date));
export const setExternalLink = (input: string) => update((f) => withExternalLink(f, input));
export const setHashtagInput = (input: string) => update((f) => withHashtagInput(f, input));
export const removeHashtag = (tag: string) => update((f) => withHashtagRemoved(f, tag));
export const setContent = (input: string) => update((f) => withContent(f, input));
export const setApplyMode = (mode: ApplyMode) => update((f) => withApplyMode(f, mode));
export const setCapacity = (input: string) => update((f) => withCapacity(f, input));
export const setApplyOption = (option: ApplyOption, on: boolean) => update((f) => withApplyOption(f, option, on));

/** The keyword add button (or Enter): a fourth opens the limit modal, a duplicate is silently dropped. */
export function addHashtagFromInput(): string | null {
  const s = $eventForm.get();
  if (s.status !== 'ready') return null;
  const { fields, outcome } = withHashtagAdded(s.fields);
  if (outcome.kind === 'limit') {
    openLimitModal(outcome.message);
    return null;
  }
  if (outcome.kind === 'invalid') return outcome.message;
  if (fields !== s.fields) $eventForm.set({ ...s, fields });
  return null;
}

/** Register (POST) or update (PUT), then to /events with the history entry replaced. */
export async function submitEventForm(): Promise<void> {
  const s = $eventForm.get();
  const slots = bannerImages.$slots.get();
  if (s.status !== 'ready' || s.submitting) return;
  const body = eventRequest(s.fields, slotImages(slots), s.context, hasUnfinished(slots));
  if (!body) return;
  $eventForm.set({ ...s, submitting: true, submitError: null });
  try {
    if (s.editId === null) await createPromotion(body);
    else await updatePromotion(s.editId, body);
    removeStorage('session', eventDraftKey(s.editId));
    carryNotice(s.editId === null ? memberCopy.eventForm.created : memberCopy.eventForm.updated, paths.events);
    navigate('/events', { replace: true });
  } catch (err) {
    const now = $eventForm.get();
    $eventForm.set({ ...now, submitting: false });
    if (isApiRequestError(err) && err.status === 401) return;
    console.error('event not saved', err);
    const message =
      isApiRequestError(err) && err.status !== 500 ? errorMessage(err) : memberCopy.eventForm.submitFailed;
    $eventForm.set({ ...$eventForm.get(), submitError: message });
  }
}
