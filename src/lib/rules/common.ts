/**
 * Limits of the spec (section 9) and the rules shared by member and event forms: picking photography
 * types and regions, counting images, multi-line text.
 */
import { PHOTOGRAPHY_TYPES, isOneOf, type Image, type PhotographyType, type Region } from '#lib/domain';
import { compareRegions, isKnownRegion, regionKeyOf } from '#lib/regions';
import { pictureIdentity } from '#lib/media-urls';
import { graphemeLength, visibleLength } from '#lib/text';
import type { RuleResult } from './result';
import { checkVisibleText } from './visible-text';

export const LIMITS = {
  userNickname: { min: 2, max: 7 },
  photographerName: { min: 2, max: 18 },
  instagramId: { max: 30 },
  promotionTitle: { min: 3, max: 30 },
  /** Event content and photographer description. */
  description: { min: 1, max: 500 },
  /** The description field stops taking input here; the rule itself allows 500. */
  descriptionInput: { max: 1000 },
  portfolioImages: { min: 1, max: 10 },
  promotionImages: { min: 1, max: 10 },
  profilePhotographyTypes: { min: 1, max: 3 },
  promotionPhotographyTypes: { min: 1, max: 2 },
  profileRegions: { min: 1, max: 5 },
  promotionRegions: { min: 1, max: 3 },
  hashtags: { min: 1, max: 3 },
  /** One keyword through the API: the original server took 255, and its app sends longer than 20. */
  hashtag: { max: 255 },
  /** One keyword the event form takes (spec): its input stops here and its add button refuses more. */
  hashtagForm: { max: 20 },
  signupSources: { min: 1 },
} as const;

/** Line breaks as `\n`, Unicode composed (NFC), surrounding whitespace trimmed. */
export function normaliseMultiline(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

// Tab and line feed are fine in a multi-line text; other control characters are not.
// eslint-disable-next-line no-control-regex
const MULTILINE_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
export const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;

/** Multi-line text of `min` visible to `max` graphemes after trimming (event content, photographer description). */
export function validateMultilineText(
  input: string,
  limits: { min: number; max: number },
  messages: { empty: string; tooLong: string; invalid: string },
): RuleResult<string> {
  const value = normaliseMultiline(input);
  if (value.length === 0) return { ok: false, message: messages.empty };
  const visible = checkVisibleText(value);
  if (!visible.ok) return visible;
  // Zero-width characters are stored and count toward `max`, not toward `min`.
  if (visibleLength(value) < limits.min) return { ok: false, message: messages.empty };
  if (graphemeLength(value) > limits.max) return { ok: false, message: messages.tooLong };
  if (MULTILINE_CONTROLS.test(value)) return { ok: false, message: messages.invalid };
  return { ok: true, value };
}

type Limits = { min: number; max: number };

export const REGION_UNKNOWN_MESSAGE = (key: string) => `선택할 수 없는 지역이에요: ${key}`;

/**
 * What a pick of photography types and regions says when it is refused: the same for a photographer's
 * profile and an event, but for the maximum of each.
 */
export function choiceMessages(types: Limits, regions: Limits) {
  return {
    typesEmpty: '촬영 유형을 1개 이상 선택해 주세요.',
    typesTooMany: `촬영 유형은 최대 ${types.max}개까지 선택할 수 있어요.`,
    typesInvalid: '선택할 수 없는 촬영 유형이에요.',
    typesDuplicate: '같은 촬영 유형이 두 번 선택되었어요.',
    regionsEmpty: '활동 지역을 1개 이상 선택해 주세요.',
    regionsTooMany: `활동 지역은 최대 ${regions.max}개까지 선택할 수 있어요.`,
    regionsDuplicate: '같은 지역이 두 번 선택되었어요.',
  } as const;
}

export type ChoiceMessages = ReturnType<typeof choiceMessages>;

/** `min`–`max` distinct photography types; the value is ordered by enum name. */
export function validatePhotographyTypeSelection(
  values: readonly string[],
  limits: Limits,
  messages: ChoiceMessages,
): RuleResult<PhotographyType[]> {
  if (values.length < limits.min) return { ok: false, message: messages.typesEmpty };
  if (!values.every((v) => isOneOf(PHOTOGRAPHY_TYPES, v))) return { ok: false, message: messages.typesInvalid };
  if (new Set(values).size !== values.length) return { ok: false, message: messages.typesDuplicate };
  if (values.length > limits.max) return { ok: false, message: messages.typesTooMany };
  return { ok: true, value: [...(values as readonly PhotographyType[])].sort() };
}

/** `min`–`max` distinct regions of the catalogue; the value is in catalogue order. */
export function validateRegionSelection(
  regions: readonly Region[],
  limits: Limits,
  messages: ChoiceMessages,
): RuleResult<Region[]> {
  if (regions.length < limits.min) return { ok: false, message: messages.regionsEmpty };
  const unknown = regions.find((r) => !isKnownRegion(r.category, r.name));
  if (unknown) return { ok: false, message: REGION_UNKNOWN_MESSAGE(regionKeyOf(unknown)) };
  if (new Set(regions.map(regionKeyOf)).size !== regions.length) {
    return { ok: false, message: messages.regionsDuplicate };
  }
  if (regions.length > limits.max) return { ok: false, message: messages.regionsTooMany };
  return { ok: true, value: regions.map((r) => ({ category: r.category, name: r.name })).sort(compareRegions) };
}

/**
 * The pick of photography types and regions of a form (a photographer's profile, an event) within its
 * limits: what it says when refused, and its two rules.
 */
export function choiceRules(types: Limits, regions: Limits) {
  const messages = choiceMessages(types, regions);
  return {
    messages,
    types: (values: readonly string[]) => validatePhotographyTypeSelection(values, types, messages),
    regions: (picked: readonly Region[]) => validateRegionSelection(picked, regions, messages),
  };
}

/** `min`–`max` items (images), order kept. */
export function validateCount<T>(
  items: readonly T[],
  limits: { min: number; max: number },
  messages: { empty: string; tooMany: string },
): RuleResult<T[]> {
  if (items.length < limits.min) return { ok: false, message: messages.empty };
  if (items.length > limits.max) return { ok: false, message: messages.tooMany };
  return { ok: true, value: [...items] };
}

/** `min`–`max` images with no picture twice (the same URL, or one picture under two bases), order kept. */
export function validateImageList(
  images: readonly Image[],
  limits: { min: number; max: number },
  messages: { empty: string; tooMany: string; duplicate: string },
): RuleResult<Image[]> {
  const counted = validateCount(images, limits, messages);
  if (!counted.ok) return counted;
  if (new Set(images.map((i) => pictureIdentity(i.url))).size !== images.length) {
    return { ok: false, message: messages.duplicate };
  }
  return { ok: true, value: [...images] };
}
