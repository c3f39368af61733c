/**
 * The event form (/new/event) as pure data and functions (spec §2 Event form, §4, §5 Event form): its
 * fields, the transitions each input makes, the register button's rule, the request body, the prefill
 * of edit mode and the draft kept in sessionStorage. Field rules come from src/lib/rules/promotion; the
 * banner photos live in an upload list (src/stores/image-uploads) and come in as `images`.
 */
import { APPLY_MODES, type ApplyMode } from './applications';
import { isValidDate } from './deadline';
import { PROMOTION_TYPES, isOneOf, type Image, type PhotographyType, type PromotionType, type Region } from './domain';
import type { PromotionBody, PromotionResponse } from './contract';
import type { RuleResult } from './rules/result';
import { LIMITS } from './rules/common';
import {
  CAPACITY_LIMITS,
  addHashtag,
  validateEndDate,
  validateExternalLink,
  validateHashtags,
  validatePromotionContent,
  validatePromotionImages,
  validatePromotionPhotographyTypes,
  validatePromotionRegions,
  validatePromotionTitle,
  validatePromotionType,
  validateStartDate,
  PROMOTION_MESSAGES,
} from './rules/promotion';
import type { PickLimits } from './member-forms';
import { decodeRegions, decodeTypes } from './profile-drafts';
import { sliceGraphemes } from './text';
import { cleanImage, readImage } from './image-list';

export const TITLE_MAX = LIMITS.promotionTitle.max;
export const MAX_EVENT_TYPES = LIMITS.promotionPhotographyTypes.max;
export const MAX_EVENT_REGIONS = LIMITS.promotionRegions.max;
/** Up to 2 photography types and 3 regions; one more is ignored. */
export const EVENT_PICKS: PickLimits = { types: MAX_EVENT_TYPES, regions: MAX_EVENT_REGIONS };
export const MAX_BANNER_IMAGES = LIMITS.promotionImages.max;
export const MAX_HASHTAGS = LIMITS.hashtags.max;
/** The keyword input's limit (the API takes up to 255: `LIMITS.hashtag`). */
export const HASHTAG_MAX = LIMITS.hashtagForm.max;
export const CONTENT_MAX = LIMITS.description.max;

export interface EventFormFields {
  title: string;
  photographyTypes: PhotographyType[];
  regions: Region[];
  promotionType: PromotionType | null;
  /** `YYYY-MM-DD` or '' (native date inputs). */
  startedAt: string;
  endedAt: string;
  externalLink: string;
  hashtags: string[];
  /** The keyword being typed, before the add button. */
  hashtagInput: string;
  content: string;
  /** How the event takes applications (issue 40): on 담아봐, through its link, or both. */
  applyMode: ApplyMode;
  /** 모집 인원 as typed (digits only), '' while empty. */
  capacity: string;
  /** The event page shows "남은 자리 N명". */
  showPlacesLeft: boolean;
  /** Applicants must give their Instagram id. */
  asksInstagram: boolean;
  /** Applicants must attach at least one reference photo. */
  asksPhotos: boolean;
}

export const EMPTY_EVENT_FORM: EventFormFields = {
  title: '',
  photographyTypes: [],
  regions: [],
  promotionType: null,
  startedAt: '',
  endedAt: '',
  externalLink: '',
  hashtags: [],
  hashtagInput: '',
  content: '',
  // A new event takes applications on 담아봐 unless its author picks otherwise.
  applyMode: 'IN_APP',
  capacity: '',
  showPlacesLeft: false,
  asksInstagram: false,
  asksPhotos: false,
};

/** 모집 인원's input: at most two digits (the limit is 50). */
export const CAPACITY_INPUT_MAX = String(CAPACITY_LIMITS.max).length;

export interface EventFormContext {
  /** Today in KST, `todayKst()`. */
  today: string;
  /** Edit mode: the saved start date. The "not before today" rule applies only when it changes. */
  originalStartedAt: string | null;
}

/** Title as typed: one line, input beyond 30 characters ignored. */
export function withTitle(fields: EventFormFields, input: string): EventFormFields {
  return { ...fields, title: sliceGraphemes(input.replace(/[\r\n]+/g, ' '), TITLE_MAX) };
}

export function withPromotionType(fields: EventFormFields, type: PromotionType): EventFormFields {
  return { ...fields, promotionType: type };
}

/** The earliest start date the picker offers. */
export function startDateMin(context: EventFormContext): string {
  return context.today;
}

/** A new start date clears the end date (spec §5). */
export function withStartDate(fields: EventFormFields, date: string): EventFormFields {
  const startedAt = isValidDate(date) ? date : '';
  if (startedAt === fields.startedAt) return fields;
  return { ...fields, startedAt, endedAt: '' };
}

/** The end date picker is disabled until a start date is chosen. */
export function isEndDateEnabled(fields: EventFormFields): boolean {
  return fields.startedAt !== '';
}

/** The earliest end date the picker offers: the start date. */
export function endDateMin(fields: EventFormFields): string {
  return fields.startedAt;
}

/** Ignored while there is no start date; a date before the start is refused by the rule below. */
export function withEndDate(fields: EventFormFields, date: string): EventFormFields {
  if (!isEndDateEnabled(fields)) return fields;
  return { ...fields, endedAt: isValidDate(date) ? date : '' };
}

export function withExternalLink(fields: EventFormFields, input: string): EventFormFields {
  return { ...fields, externalLink: input.replace(/[\r\n]+/g, '') };
}

export function withHashtagInput(fields: EventFormFields, input: string): EventFormFields {
  return { ...fields, hashtagInput: sliceGraphemes(input.replace(/[\r\n]+/g, ''), HASHTAG_MAX) };
}

/** The add button is blocked while the input is empty. */
export function canAddHashtag(fields: EventFormFields): boolean {
  return fields.hashtagInput.trim() !== '';
}

export type HashtagOutcome =
  | { kind: 'added' }
  /** Already there: silently ignored (the input is cleared). */
  | { kind: 'duplicate' }
  /** Blocked: empty input, nothing happens. */
  | { kind: 'empty' }
  /** A fourth keyword: the limit modal opens with `message`. */
  | { kind: 'limit'; message: string }
  | { kind: 'invalid'; message: string };

/** The add button (or Enter) of the keyword input, with `addHashtag` of the promotion rules. */
export function withHashtagAdded(fields: EventFormFields): { fields: EventFormFields; outcome: HashtagOutcome } {
  if (!canAddHashtag(fields)) return { fields, outcome: { kind: 'empty' } };
  const r = addHashtag(fields.hashtags, fields.hashtagInput);
  if (!r.ok) {
    const kind = r.message === PROMOTION_MESSAGES.hashtagsTooMany ? 'limit' : 'invalid';
    return { fields, outcome: { kind, message: r.message } };
  }
  const duplicate = r.value.length === fields.hashtags.length;
  return {
    fields: { ...fields, hashtags: r.value, hashtagInput: '' },
    outcome: duplicate ? { kind: 'duplicate' } : { kind: 'added' },
  };
}

export function withHashtagRemoved(fields: EventFormFields, tag: string): EventFormFields {
  return { ...fields, hashtags: fields.hashtags.filter((t) => t !== tag) };
}

/** Description as typed: input beyond 500 characters is ignored. */
export function withContent(fields: EventFormFields, input: string): EventFormFields {
  return { ...fields, content: sliceGraphemes(input, CONTENT_MAX) };
}

export function withApplyMode(fields: EventFormFields, mode: ApplyMode): EventFormFields {
  return fields.applyMode === mode ? fields : { ...fields, applyMode: mode };
}

/** 모집 인원 as typed: digits only (full-width ones too), at most two. */
export function withCapacity(fields: EventFormFields, input: string): EventFormFields {
  const digits = input.normalize('NFKC').replace(/\D+/g, '').slice(0, CAPACITY_INPUT_MAX);
  return { ...fields, capacity: digits };
}

export type ApplyOption = 'showPlacesLeft' | 'asksInstagram' | 'asksPhotos';

export function withApplyOption(fields: EventFormFields, option: ApplyOption, on: boolean): EventFormFields {
  return fields[option] === on ? fields : { ...fields, [option]: on };
}

/** The event takes applications on 담아봐 (IN_APP or BOTH): 모집 인원 and the intake options apply. */
export function takesInApp(fields: EventFormFields): boolean {
  return fields.applyMode !== 'LINK';
}

/** The link field is shown, and required, for LINK and BOTH; an IN_APP event sends no link. */
export function asksLink(fields: EventFormFields): boolean {
  return fields.applyMode !== 'IN_APP';
}

/** 모집 인원: a whole number of 1–50 unless the event takes applications only through its link. */
export function capacityRule(fields: EventFormFields): RuleResult<number | null> {
  if (!takesInApp(fields)) return { ok: true, value: null };
  const n = /^\d+$/.test(fields.capacity) ? Number(fields.capacity) : NaN;
  if (!Number.isInteger(n) || n < CAPACITY_LIMITS.min || n > CAPACITY_LIMITS.max)
    return { ok: false, message: PROMOTION_MESSAGES.capacityRequired };
  return { ok: true, value: n };
}

/** The link as sent: checked for LINK and BOTH, '' for an IN_APP event (whatever was typed stays in the form). */
function linkRule(fields: EventFormFields): RuleResult<string> {
  return asksLink(fields) ? validateExternalLink(fields.externalLink) : { ok: true, value: '' };
}

/** Whether the start date is checked against today: always on create, on update only when it changed. */
export function checksStartDate(fields: EventFormFields, context: EventFormContext): boolean {
  return context.originalStartedAt === null || fields.startedAt !== context.originalStartedAt;
}

export type EventField =
  | 'title'
  | 'photographyTypes'
  | 'regions'
  | 'promotionType'
  | 'startedAt'
  | 'endedAt'
  | 'externalLink'
  | 'capacity'
  | 'images'
  | 'hashtags'
  | 'content';

/** The Korean message of each field that is not filled correctly yet (empty when the form can be sent). */
export function eventFormProblems(
  fields: EventFormFields,
  images: readonly Image[],
  context: EventFormContext,
): Partial<Record<EventField, string>> {
  const problems: Partial<Record<EventField, string>> = {};
  const check = (field: EventField, r: { ok: true } | { ok: false; message: string }) => {
    if (!r.ok) problems[field] = r.message;
  };
  check('title', validatePromotionTitle(fields.title));
  check('photographyTypes', validatePromotionPhotographyTypes(fields.photographyTypes));
  check('regions', validatePromotionRegions(fields.regions));
  check('promotionType', validatePromotionType(fields.promotionType));
  check('startedAt', validateStartDate(fields.startedAt, context.today, checksStartDate(fields, context)));
  check('endedAt', validateEndDate(fields.endedAt, fields.startedAt));
  check('externalLink', linkRule(fields));
  check('capacity', capacityRule(fields));
  check('images', validatePromotionImages(images));
  check('hashtags', validateHashtags(fields.hashtags));
  check('content', validatePromotionContent(fields.content));
  return problems;
}

/**
 * The body of POST /promotions or PUT /promotions/{id}, or null while the register button is inactive:
 * spec §5 wants a title of at least 3 characters and every other field non-empty; each field must also
 * pass its rule, so the server never refuses what the button let through. Nothing is sent while a
 * banner photo is still uploading.
 */
export function eventRequest(
  fields: EventFormFields,
  images: readonly Image[],
  context: EventFormContext,
  uploading = false,
): PromotionBody | null {
  if (uploading) return null;
  const title = validatePromotionTitle(fields.title);
  const types = validatePromotionPhotographyTypes(fields.photographyTypes);
  const regions = validatePromotionRegions(fields.regions);
  const promotionType = validatePromotionType(fields.promotionType);
  const startedAt = validateStartDate(fields.startedAt, context.today, checksStartDate(fields, context));
  const endedAt = validateEndDate(fields.endedAt, fields.startedAt);
  const externalLink = linkRule(fields);
  const capacity = capacityRule(fields);
  const imageList = validatePromotionImages(images);
  const hashtags = validateHashtags(fields.hashtags);
  const content = validatePromotionContent(fields.content);
  if (
    !title.ok ||
    !types.ok ||
    !regions.ok ||
    !promotionType.ok ||
    !startedAt.ok ||
    !endedAt.ok ||
    !externalLink.ok ||
    !capacity.ok ||
    !imageList.ok ||
    !hashtags.ok ||
    !content.ok
  ) {
    return null;
  }
  return {
    promotionType: promotionType.value,
    title: title.value,
    content: content.value,
    externalLink: externalLink.value,
    startedAt: startedAt.value,
    endedAt: endedAt.value,
    photographyTypes: types.value,
    images: imageList.value,
    activeRegions: regions.value,
    hashtags: hashtags.value,
    applyMode: fields.applyMode,
    capacity: capacity.value,
    // What a link-only event would ask of applicants means nothing: sent off.
    showPlacesLeft: takesInApp(fields) && fields.showPlacesLeft,
    asksInstagram: takesInApp(fields) && fields.asksInstagram,
    asksPhotos: takesInApp(fields) && fields.asksPhotos,
  };
}

export function canSubmitEvent(
  fields: EventFormFields,
  images: readonly Image[],
  context: EventFormContext,
  uploading = false,
): boolean {
  return eventRequest(fields, images, context, uploading) !== null;
}

/** Edit mode: the form prefilled from the saved event. */
export function eventFormFromPromotion(p: PromotionResponse): { fields: EventFormFields; images: Image[] } {
  return {
    fields: {
      title: p.title,
      photographyTypes: [...p.photographyTypes],
      regions: p.activeRegions.map((r) => ({ category: r.category, name: r.name })),
      promotionType: p.promotionType,
      startedAt: p.startedAt,
      endedAt: p.endedAt,
      externalLink: p.externalLink,
      hashtags: [...p.hashtags],
      hashtagInput: '',
      content: p.content,
      // An edited event keeps its mode (LINK for events made before applications on 담아봐).
      applyMode: p.applyMode,
      capacity: p.capacity === null ? '' : String(p.capacity),
      showPlacesLeft: p.showPlacesLeft,
      asksInstagram: p.asksInstagram,
      asksPhotos: p.asksPhotos,
    },
    images: p.images.map(cleanImage),
  };
}

// --- the draft (sessionStorage): survives an accidental reload ---

export interface EventDraft {
  /** null in create mode, the event's id in edit mode. */
  editId: number | null;
  /** Edit mode: the saved start date, for the start-date rule. */
  originalStartedAt: string | null;
  fields: EventFormFields;
  images: Image[];
}

/** The sessionStorage key of the draft of one form: create mode, or the edit of one event. */
export function eventDraftKey(editId: number | null): string {
  return editId === null ? 'eventFormDraft:new' : `eventFormDraft:edit:${editId}`;
}

const isString = (v: unknown): v is string => typeof v === 'string';

function decodeImages(v: unknown): Image[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((i) => readImage(i) ?? []).slice(0, MAX_BANNER_IMAGES);
}

/** A stored draft checked field by field (anything malformed falls back to empty), or null. */
export function decodeEventDraft(raw: unknown, editId: number | null): EventDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Partial<Record<keyof EventDraft, unknown>>;
  if ((r.editId ?? null) !== editId) return null;
  const f = (typeof r.fields === 'object' && r.fields !== null ? r.fields : {}) as Partial<
    Record<keyof EventFormFields, unknown>
  >;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter(isString) : []);
  const date = (v: unknown) => (isString(v) && isValidDate(v) ? v : '');
  const startedAt = date(f.startedAt);
  const fields: EventFormFields = {
    title: isString(f.title) ? sliceGraphemes(f.title, TITLE_MAX) : '',
    photographyTypes: decodeTypes(f.photographyTypes, MAX_EVENT_TYPES) ?? [],
    regions: decodeRegions(f.regions, MAX_EVENT_REGIONS) ?? [],
    promotionType: isOneOf(PROMOTION_TYPES, f.promotionType) ? f.promotionType : null,
    startedAt,
    endedAt: startedAt ? date(f.endedAt) : '',
    externalLink: isString(f.externalLink) ? f.externalLink : '',
    hashtags: strings(f.hashtags).slice(0, MAX_HASHTAGS),
    hashtagInput: isString(f.hashtagInput) ? f.hashtagInput : '',
    content: isString(f.content) ? sliceGraphemes(f.content, CONTENT_MAX) : '',
    // A draft kept from before the field: a new event's default, or (edit) the mode events had then.
    applyMode: isOneOf(APPLY_MODES, f.applyMode) ? f.applyMode : editId === null ? 'IN_APP' : 'LINK',
    capacity: isString(f.capacity) ? withCapacity(EMPTY_EVENT_FORM, f.capacity).capacity : '',
    showPlacesLeft: f.showPlacesLeft === true,
    asksInstagram: f.asksInstagram === true,
    asksPhotos: f.asksPhotos === true,
  };
  const originalStartedAt =
    isString(r.originalStartedAt) && isValidDate(r.originalStartedAt) ? r.originalStartedAt : null;
  return { editId, originalStartedAt, fields, images: decodeImages(r.images) };
}
