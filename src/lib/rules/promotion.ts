/**
 * Event (promotion) rules: the event form uses each field rule for its hints and register button; the
 * create and update endpoints use `validatePromotionInput`. Lengths are in graphemes (src/lib/text).
 */
import {
  PHOTOGRAPHY_TYPES,
  PROMOTION_TYPES,
  isOneOf,
  type Image,
  type PhotographyType,
  type PromotionType,
  type Region,
} from '#lib/domain';
import { graphemeLength, visibleLength } from '#lib/text';
import { LIMITS, SINGLE_LINE_CONTROLS, choiceRules, validateImageList, validateMultilineText } from './common';
import {
  enumArray,
  imageArray,
  optionalBoolean,
  optionalInteger,
  readPayload,
  regionArray,
  requiredDate,
  requiredEnum,
  requiredString,
  stringArray,
} from './payload';
import { FieldErrors, type PayloadResult, type RuleResult } from './result';
import { validateHttpUrl } from './url';
import { checkVisibleText } from './visible-text';
import { APPLY_MODES, type ApplyMode } from '../applications';

/** 모집 인원 of an event that takes applications on 담아봐. */
export const CAPACITY_LIMITS = { min: 1, max: 50 } as const;

export const PROMOTION_HINTS = {
  title: `공백 포함 ${LIMITS.promotionTitle.min}~${LIMITS.promotionTitle.max}자`,
  externalLink: '신청하기 버튼과 연결되는 링크예요. (예: 인스타그램 게시물, 카카오톡 채널)',
  images: '첫 번째 사진이 대표 사진으로 보여요.',
} as const;

const PROMOTION_CHOICES = choiceRules(LIMITS.promotionPhotographyTypes, LIMITS.promotionRegions);

export const PROMOTION_MESSAGES = {
  titleEmpty: '이벤트 제목을 입력해 주세요.',
  titleLength: `이벤트 제목은 공백 포함 ${LIMITS.promotionTitle.min}~${LIMITS.promotionTitle.max}자로 입력해 주세요.`,
  titleInvalid: '이벤트 제목에는 줄바꿈이나 제어 문자를 쓸 수 없어요.',
  contentEmpty: '상세 설명을 입력해 주세요.',
  contentTooLong: `상세 설명은 ${LIMITS.description.max}자 이내로 입력해 주세요.`,
  contentInvalid: '상세 설명에 쓸 수 없는 문자가 있어요.',
  ...PROMOTION_CHOICES.messages,
  imagesEmpty: '배너 사진을 1장 이상 첨부해 주세요.',
  imagesTooMany: `배너 사진은 최대 ${LIMITS.promotionImages.max}장까지 첨부할 수 있어요.`,
  imagesDuplicate: '같은 사진이 두 번 첨부되었어요. 하나를 지워 주세요.',
  hashtagsEmpty: '대표 키워드를 1개 이상 입력해 주세요.',
  hashtagsTooMany: `대표 키워드는 최대 ${LIMITS.hashtags.max}개까지 입력할 수 있어요.`,
  hashtagEmpty: '빈 키워드는 등록할 수 없어요.',
  hashtagTooLong: `키워드는 ${LIMITS.hashtag.max}자 이내로 입력해 주세요.`,
  hashtagFormTooLong: `키워드는 ${LIMITS.hashtagForm.max}자 이내로 입력해 주세요.`,
  hashtagInvalid: '키워드에는 줄바꿈이나 제어 문자를 쓸 수 없어요.',
  hashtagDuplicate: '같은 키워드가 두 번 입력되었어요.',
  promotionTypeRequired: '이벤트 유형을 선택해 주세요.',
  startedAtRequired: '시작일을 선택해 주세요.',
  startedAtPast: '시작일은 오늘보다 이전 날짜로 선택할 수 없어요.',
  endedAtRequired: '종료일을 선택해 주세요.',
  endedAtBeforeStart: '종료일은 시작일보다 이전 날짜로 선택할 수 없어요.',
  externalLinkEmpty: '신청 링크를 입력해 주세요.',
  externalLinkInvalid: '신청 링크는 http:// 또는 https:// 로 시작하는 주소로 입력해 주세요.',
  capacityRequired: `모집 인원을 ${CAPACITY_LIMITS.min}~${CAPACITY_LIMITS.max}명 사이로 입력해 주세요.`,
} as const;

/** Event title: trimmed, 3–30 characters including spaces, one line. */
export function validatePromotionTitle(input: string): RuleResult<string> {
  const value = input.normalize('NFC').trim();
  if (value === '') return { ok: false, message: PROMOTION_MESSAGES.titleEmpty };
  const visible = checkVisibleText(value);
  if (!visible.ok) return visible;
  if (SINGLE_LINE_CONTROLS.test(value)) return { ok: false, message: PROMOTION_MESSAGES.titleInvalid };
  // Zero-width characters count toward the maximum (they are stored) but not toward the minimum.
  if (visibleLength(value) < LIMITS.promotionTitle.min || graphemeLength(value) > LIMITS.promotionTitle.max) {
    return { ok: false, message: PROMOTION_MESSAGES.titleLength };
  }
  return { ok: true, value };
}

/** Event content: 1–500 characters after trimming, line breaks kept. */
export function validatePromotionContent(input: string): RuleResult<string> {
  return validateMultilineText(input, LIMITS.description, {
    empty: PROMOTION_MESSAGES.contentEmpty,
    tooLong: PROMOTION_MESSAGES.contentTooLong,
    invalid: PROMOTION_MESSAGES.contentInvalid,
  });
}

/** 1–2 distinct photography types. */
export const validatePromotionPhotographyTypes = PROMOTION_CHOICES.types;

/** 1–3 distinct regions of the catalogue. */
export const validatePromotionRegions = PROMOTION_CHOICES.regions;

/** 1–10 distinct banner images, the first being the main one. */
export function validatePromotionImages(images: readonly Image[]): RuleResult<Image[]> {
  return validateImageList(images, LIMITS.promotionImages, {
    empty: PROMOTION_MESSAGES.imagesEmpty,
    tooMany: PROMOTION_MESSAGES.imagesTooMany,
    duplicate: PROMOTION_MESSAGES.imagesDuplicate,
  });
}

/**
 * A keyword as stored: composed, trimmed, without the leading `#` a member may type (`#프로필`): the `#` is
 * the display's (`hashtagLabel`), so the keyword would read `##프로필` with it.
 */
export function normaliseHashtag(input: string): string {
  return input.normalize('NFC').trim().replace(/^#+/, '').trim();
}

function checkHashtag(input: string, max: number, tooLong: string): RuleResult<string> {
  const value = normaliseHashtag(input);
  if (value === '') return { ok: false, message: PROMOTION_MESSAGES.hashtagEmpty };
  const visible = checkVisibleText(value);
  if (!visible.ok) return visible;
  if (SINGLE_LINE_CONTROLS.test(value)) return { ok: false, message: PROMOTION_MESSAGES.hashtagInvalid };
  if (graphemeLength(value) > max) return { ok: false, message: tooLong };
  return { ok: true, value };
}

/**
 * One keyword as the API takes it: trimmed, non-empty, at most 255 characters, one line. The original
 * server's limit: its app sends keywords longer than our form's 20, and events keep them.
 */
export function validateHashtag(input: string): RuleResult<string> {
  return checkHashtag(input, LIMITS.hashtag.max, PROMOTION_MESSAGES.hashtagTooLong);
}

/** One keyword as the event form takes it (`addHashtag`): the API's rule, at most 20 characters. */
export function validateFormHashtag(input: string): RuleResult<string> {
  return checkHashtag(input, LIMITS.hashtagForm.max, PROMOTION_MESSAGES.hashtagFormTooLong);
}

// `스냅` and `스냅 ` and `#스냅`, and `SNAP`/`snap`, are the same keyword (one kept from before the `#` was
// dropped included).
const hashtagIdentity = (tag: string) => normaliseHashtag(tag).toLowerCase();

/**
 * 1–3 keywords, each valid for the API, no two the same (ignoring case); order kept as entered. The
 * server checks a body with it, and the event form its list: a keyword of an event made in the original
 * app, longer than the form takes, stays when its author edits the event.
 */
export function validateHashtags(values: readonly string[]): RuleResult<string[]> {
  if (values.length < LIMITS.hashtags.min) return { ok: false, message: PROMOTION_MESSAGES.hashtagsEmpty };
  const tags: string[] = [];
  for (const raw of values) {
    const r = validateHashtag(raw);
    if (!r.ok) return r;
    tags.push(r.value);
  }
  if (new Set(tags.map(hashtagIdentity)).size !== tags.length) {
    return { ok: false, message: PROMOTION_MESSAGES.hashtagDuplicate };
  }
  if (tags.length > LIMITS.hashtags.max) return { ok: false, message: PROMOTION_MESSAGES.hashtagsTooMany };
  return { ok: true, value: tags };
}

/**
 * The keyword input's add button: refused (with the limit modal's message) once 3 exist, refused when
 * the input is empty or longer than the form takes (20), and a duplicate is silently ignored (the list
 * comes back unchanged).
 */
export function addHashtag(current: readonly string[], input: string): RuleResult<string[]> {
  if (current.length >= LIMITS.hashtags.max) return { ok: false, message: PROMOTION_MESSAGES.hashtagsTooMany };
  const r = validateFormHashtag(input);
  if (!r.ok) return r;
  const id = hashtagIdentity(r.value);
  if (current.some((t) => hashtagIdentity(t) === id)) return { ok: true, value: [...current] };
  return { ok: true, value: [...current, r.value] };
}

export function validatePromotionType(value: unknown): RuleResult<PromotionType> {
  return isOneOf(PROMOTION_TYPES, value)
    ? { ok: true, value }
    : { ok: false, message: PROMOTION_MESSAGES.promotionTypeRequired };
}

/** The start date may not be before today (KST `YYYY-MM-DD`) when `checkStart`; dates compare as strings. */
export function validateStartDate(startedAt: string, today: string, checkStart: boolean): RuleResult<string> {
  if (startedAt === '') return { ok: false, message: PROMOTION_MESSAGES.startedAtRequired };
  if (checkStart && startedAt < today) return { ok: false, message: PROMOTION_MESSAGES.startedAtPast };
  return { ok: true, value: startedAt };
}

/** The end date may not be before the start date (the same day is fine). */
export function validateEndDate(endedAt: string, startedAt: string): RuleResult<string> {
  if (endedAt === '') return { ok: false, message: PROMOTION_MESSAGES.endedAtRequired };
  if (startedAt !== '' && endedAt < startedAt) return { ok: false, message: PROMOTION_MESSAGES.endedAtBeforeStart };
  return { ok: true, value: endedAt };
}

/** The apply link: required, an absolute http(s) URL (surrounding spaces trimmed). */
export function validateExternalLink(input: string): RuleResult<string> {
  const r = validateHttpUrl(input, PROMOTION_MESSAGES.externalLinkEmpty);
  if (r.ok || input.trim() === '') return r;
  return { ok: false, message: PROMOTION_MESSAGES.externalLinkInvalid };
}

export interface PromotionPayload {
  promotionType: PromotionType;
  title: string;
  content: string;
  externalLink: string;
  startedAt: string;
  endedAt: string;
  photographyTypes: PhotographyType[];
  images: Image[];
  activeRegions: Region[];
  hashtags: string[];
  /** False when absent; only the create endpoint looks at it (true needs ADMIN). */
  isAuthorHidden: boolean;
  /**
   * How the event takes applications (issue 40). Absent: as before, through its link (on create), or
   * unchanged (on update), so clients that do not know these fields keep working.
   */
  applyMode?: ApplyMode;
  /** 모집 인원, 1–50: required when the event takes applications on 담아봐. */
  capacity?: number | null;
  showPlacesLeft?: boolean;
  asksInstagram?: boolean;
  asksPhotos?: boolean;
}

export interface PromotionCheckOptions {
  /** Today in KST, `todayKst()`. */
  today: string;
  /** Check "startedAt not before today": on create, and on update only when startedAt changed. */
  checkStart: boolean;
}

/**
 * POST /promotions and PUT /promotions/{id} bodies. BAD_REQUEST (400) for a wrong type, a missing field,
 * an unknown enum value or a date that is not a real `YYYY-MM-DD`; VALIDATION (422) listing every broken
 * rule otherwise.
 */
export function validatePromotionInput(body: unknown, options: PromotionCheckOptions): PayloadResult<PromotionPayload> {
  return readPayload(body, (b) => {
    const raw = {
      promotionType: requiredEnum(b, 'promotionType', PROMOTION_TYPES),
      title: requiredString(b, 'title'),
      content: requiredString(b, 'content'),
      externalLink: requiredString(b, 'externalLink'),
      startedAt: requiredDate(b, 'startedAt'),
      endedAt: requiredDate(b, 'endedAt'),
      photographyTypes: enumArray(b, 'photographyTypes', PHOTOGRAPHY_TYPES),
      images: imageArray(b, 'images'),
      activeRegions: regionArray(b, 'activeRegions'),
      hashtags: stringArray(b, 'hashtags'),
      isAuthorHidden: optionalBoolean(b, 'isAuthorHidden') ?? false,
      applyMode:
        b['applyMode'] === undefined || b['applyMode'] === null ? undefined : requiredEnum(b, 'applyMode', APPLY_MODES),
      capacity: optionalInteger(b, 'capacity'),
      showPlacesLeft: optionalBoolean(b, 'showPlacesLeft') ?? false,
      asksInstagram: optionalBoolean(b, 'asksInstagram') ?? false,
      asksPhotos: optionalBoolean(b, 'asksPhotos') ?? false,
    };
    const e = new FieldErrors();
    const title = e.check('title', validatePromotionTitle(raw.title));
    const content = e.check('content', validatePromotionContent(raw.content));
    // An event that takes applications only on 담아봐 needs no link (the spec's rule holds for the others).
    const externalLink =
      raw.applyMode === 'IN_APP' && raw.externalLink.trim() === ''
        ? ''
        : e.check('externalLink', validateExternalLink(raw.externalLink));
    const inApp = raw.applyMode === 'IN_APP' || raw.applyMode === 'BOTH';
    if (
      inApp &&
      (raw.capacity === undefined || raw.capacity < CAPACITY_LIMITS.min || raw.capacity > CAPACITY_LIMITS.max)
    )
      e.add('capacity', PROMOTION_MESSAGES.capacityRequired);
    const startedAt = e.check('startedAt', validateStartDate(raw.startedAt, options.today, options.checkStart));
    const endedAt = e.check('endedAt', validateEndDate(raw.endedAt, raw.startedAt));
    const photographyTypes = e.check('photographyTypes', validatePromotionPhotographyTypes(raw.photographyTypes));
    const images = e.check('images', validatePromotionImages(raw.images));
    const activeRegions = e.check('activeRegions', validatePromotionRegions(raw.activeRegions));
    const hashtags = e.check('hashtags', validateHashtags(raw.hashtags));
    if (
      title === undefined ||
      content === undefined ||
      externalLink === undefined ||
      startedAt === undefined ||
      endedAt === undefined ||
      photographyTypes === undefined ||
      images === undefined ||
      activeRegions === undefined ||
      hashtags === undefined ||
      !e.isEmpty
    ) {
      return e;
    }
    return {
      promotionType: raw.promotionType,
      title,
      content,
      externalLink,
      startedAt,
      endedAt,
      photographyTypes,
      images,
      activeRegions,
      hashtags,
      isAuthorHidden: raw.isAuthorHidden,
      ...(raw.applyMode === undefined
        ? {}
        : {
            applyMode: raw.applyMode,
            capacity: raw.applyMode === 'LINK' ? null : (raw.capacity ?? null),
            showPlacesLeft: raw.showPlacesLeft,
            asksInstagram: raw.asksInstagram,
            asksPhotos: raw.asksPhotos,
          }),
    };
  });
}
