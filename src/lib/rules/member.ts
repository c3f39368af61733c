/**
 * Member rules (spec section 5, contract "Rules the server enforces"): nicknames, photographer names,
 * instagramId, gender, photographer profile and page (the sign-up survey and terms: ./signup). The
 * sign-up and edit islands use these for hints and buttons; the endpoints use the payload validators at
 * the bottom.
 */
import {
  GENDERS,
  PHOTOGRAPHY_TYPES,
  isOneOf,
  type Address,
  type Gender,
  type Image,
  type PhotographyType,
  type Region,
} from '#lib/domain';
import { LIMITS, choiceRules, validateImageList, validateMultilineText } from './common';
import {
  enumArray,
  imageArray,
  optionalAddress,
  optionalImage,
  readPayload,
  regionArray,
  requiredEnum,
  requiredImage,
  requiredString,
  optionalString,
} from './payload';
import { FieldErrors, type PayloadResult, type RuleResult } from './result';
import { validateHttpUrl } from './url';
import { checkVisibleText } from './visible-text';

// ---------------------------------------------------------------------------------------------------
// Names

/**
 * What a name field holds while typing: Unicode composed, leading whitespace stripped, runs of
 * whitespace collapsed to one space. Trailing space stays so a second word can still be typed.
 */
export function normaliseNameInput(input: string): string {
  return input.normalize('NFC').replace(/\s+/g, ' ').replace(/^ /, '');
}

/**
 * A name as typed, checked: trimmed and collapsed; refused when empty, invisible, or not `pattern` within
 * `limits` characters.
 */
function validateName(
  input: string,
  pattern: RegExp,
  limits: { min: number; max: number },
  messages: { empty: string; invalid: string },
): RuleResult<string> {
  const value = normaliseNameInput(input).trim();
  if (value === '') return { ok: false, message: messages.empty };
  const visible = checkVisibleText(value);
  if (!visible.ok) return visible;
  if (!pattern.test(value) || value.length < limits.min || value.length > limits.max) {
    return { ok: false, message: messages.invalid };
  }
  return { ok: true, value };
}

export const USER_NICKNAME_HINTS = {
  short: '한글, 영문, 숫자 조합 2~7자',
  long: '한글, 영문, 숫자 조합의 2~7자만 사용할 수 있어요.',
} as const;

export const USER_NICKNAME_MESSAGES = {
  empty: '닉네임을 입력해 주세요.',
  invalid: USER_NICKNAME_HINTS.long,
  duplicate: '중복된 닉네임입니다.',
  taken: '이미 사용 중인 닉네임이에요.',
  available: '사용 가능한 닉네임입니다.',
  usable: '사용할 수 있는 닉네임이에요.',
  checkRequired: '닉네임 중복 확인을 해 주세요.',
} as const;

// Hangul syllables, Hangul consonant jamo (ㄱ–ㅎ), ASCII letters and digits; nothing else, no spaces.
const USER_NICKNAME = /^[가-힣ㄱ-ㅎA-Za-z0-9]+$/;

/** User nickname: after trimming, 2–7 of 가–힣, ㄱ–ㅎ, A–Z, a–z, 0–9, no spaces. */
export function validateUserNickname(input: string): RuleResult<string> {
  return validateName(input, USER_NICKNAME, LIMITS.userNickname, USER_NICKNAME_MESSAGES);
}

export const PHOTOGRAPHER_NAME_HINTS = {
  short: '18자 이내',
  long: '한글, 영문, 숫자, 띄어쓰기 포함 18자 이내',
} as const;

export const PHOTOGRAPHER_NAME_MESSAGES = {
  empty: '상호명 또는 활동명을 입력해 주세요.',
  invalid: '한글, 영문, 숫자, 띄어쓰기를 포함해 2~18자로 입력해 주세요.',
  duplicate: '중복된 활동명입니다.',
  available: '사용 가능한 활동명입니다.',
  checkRequired: '활동명 중복 확인을 해 주세요.',
} as const;

const PHOTOGRAPHER_NAME = /^[가-힣ㄱ-ㅎA-Za-z0-9]+(?: [가-힣ㄱ-ㅎA-Za-z0-9]+)*$/;

/** Photographer (business or activity) name: trimmed, inner runs collapsed, 2–18 of Hangul, letters, digits, single spaces. */
export function validatePhotographerName(input: string): RuleResult<string> {
  return validateName(input, PHOTOGRAPHER_NAME, LIMITS.photographerName, PHOTOGRAPHER_NAME_MESSAGES);
}

// ---------------------------------------------------------------------------------------------------
// instagramId and gender

export const INSTAGRAM_ID_MESSAGES = {
  placeholder: '인스타그램 아이디 (선택)',
  tooLong: `인스타그램 아이디는 ${LIMITS.instagramId.max}자 이내로 입력해 주세요.`,
} as const;

function instagramChars(input: string): string {
  return input.toLowerCase().replace(/[^0-9a-z._]/g, '');
}

/** While typing: lower-cased, only `0-9 a-z . _` kept, cut at 30 (input beyond 30 is ignored). */
export function normaliseInstagramIdInput(input: string): string {
  return instagramChars(input).slice(0, LIMITS.instagramId.max);
}

/**
 * instagramId as stored: lower-cased with only `0-9 a-z . _` kept; empty is null. Longer than 30 after
 * that is refused rather than cut, so the server never stores an id the member did not type.
 */
export function validateInstagramId(input: string | null | undefined): RuleResult<string | null> {
  const value = instagramChars(input ?? '');
  if (value === '') return { ok: true, value: null };
  if (value.length > LIMITS.instagramId.max) return { ok: false, message: INSTAGRAM_ID_MESSAGES.tooLong };
  return { ok: true, value };
}

export const GENDER_MESSAGES = {
  required: '성별을 선택해 주세요.',
  helper: '더 나은 추천 필터링을 제공해요',
} as const;

export function validateGender(value: unknown): RuleResult<Gender> {
  return isOneOf(GENDERS, value) ? { ok: true, value } : { ok: false, message: GENDER_MESSAGES.required };
}

// ---------------------------------------------------------------------------------------------------
// Photographer profile and page

const PROFILE_CHOICES = choiceRules(LIMITS.profilePhotographyTypes, LIMITS.profileRegions);

export const PROFILE_MESSAGES = {
  imageRequired: '프로필 사진을 등록해 주세요.',
  ...PROFILE_CHOICES.messages,
} as const;

export function validateProfileImage(image: Image | null | undefined): RuleResult<Image> {
  return image && image.url ? { ok: true, value: image } : { ok: false, message: PROFILE_MESSAGES.imageRequired };
}

/** 1–3 main photography types (sign-up and profile edit). */
export const validateMainPhotographyTypes = PROFILE_CHOICES.types;

/** 1–5 activity regions of the catalogue (sign-up and profile edit). */
export const validatePhotographerRegions = PROFILE_CHOICES.regions;

export const PAGE_MESSAGES = {
  portfolioEmpty: '포트폴리오 이미지를 1장 이상 첨부해 주세요.',
  portfolioTooMany: `포트폴리오 이미지는 최대 ${LIMITS.portfolioImages.max}장까지 첨부할 수 있어요.`,
  portfolioDuplicate: '같은 사진이 두 번 첨부되었어요. 하나를 지워 주세요.',
  descriptionEmpty: '상세 소개를 입력해 주세요.',
  descriptionTooLong: `상세 소개는 ${LIMITS.description.max}자 이내로 입력해 주세요.`,
  descriptionInvalid: '상세 소개에 쓸 수 없는 문자가 있어요.',
  contactLinkInvalid: '대표 링크는 http:// 또는 https:// 로 시작하는 주소로 입력해 주세요.',
  addressTooLong: '주소가 너무 길어요.',
} as const;

const ADDRESS_PART_MAX = 200;

export function validatePortfolio(images: readonly Image[]): RuleResult<Image[]> {
  return validateImageList(images, LIMITS.portfolioImages, {
    empty: PAGE_MESSAGES.portfolioEmpty,
    tooMany: PAGE_MESSAGES.portfolioTooMany,
    duplicate: PAGE_MESSAGES.portfolioDuplicate,
  });
}

/** Photographer description: 1–500 characters after trimming, line breaks kept. */
export function validatePhotographerDescription(input: string): RuleResult<string> {
  return validateMultilineText(input, LIMITS.description, {
    empty: PAGE_MESSAGES.descriptionEmpty,
    tooLong: PAGE_MESSAGES.descriptionTooLong,
    invalid: PAGE_MESSAGES.descriptionInvalid,
  });
}

/** Optional representative link: empty is null, otherwise an absolute http(s) URL. */
export function validateContactLink(input: string | null | undefined): RuleResult<string | null> {
  const r = validateHttpUrl(input, null);
  return r.ok ? r : { ok: false, message: PAGE_MESSAGES.contactLinkInvalid };
}

/** What the API answers for a photographer without an address: an object, never null (clients read its parts). */
export const NO_ADDRESS: Readonly<Address> = Object.freeze({
  sido: '',
  sigungu: '',
  roadAddress: '',
  jibunAddress: '',
});

/**
 * An address as the editors and pages use it: null when there is none, which the API writes as four
 * empty strings (the postcode widget always fills sido, so an address without any part is no address).
 */
export function addressOrNull(address: Address | null | undefined): Address | null {
  if (!address) return null;
  const parts = [address.sido, address.sigungu, address.roadAddress, address.jibunAddress];
  return parts.every((p) => p === '') ? null : address;
}

export function validateAddress(address: Address | null): RuleResult<Address | null> {
  if (address === null) return { ok: true, value: null };
  const parts = [address.sido, address.sigungu, address.roadAddress, address.jibunAddress];
  if (parts.some((p) => p.length > ADDRESS_PART_MAX)) return { ok: false, message: PAGE_MESSAGES.addressTooLong };
  return { ok: true, value: addressOrNull(address) };
}

// ---------------------------------------------------------------------------------------------------
// Whole payloads (contract bodies)

export interface UserRegistrationPayload {
  nickname: string;
  gender: Gender;
  instagramId: string | null;
}

export interface UserProfilePayload {
  nickname: string;
  instagramId: string | null;
  profileImage: Image | null;
}

export interface PhotographerRegistrationPayload {
  nickname: string;
  gender: Gender;
  instagramId: string | null;
  profileImage: Image;
  mainPhotographyTypes: PhotographyType[];
  activeRegions: Region[];
}

export interface PhotographerProfilePayload {
  nickname: string;
  profileImage: Image | null;
  mainPhotographyTypes: PhotographyType[];
  activeRegions: Region[];
}

export interface PhotographerPagePayload {
  portfolio: Image[];
  address: Address | null;
  instagramId: string | null;
  contactLink: string | null;
  description: string;
}

/** POST /users/me/registration `{nickname, gender, instagramId|null}`. */
export function validateUserRegistration(body: unknown): PayloadResult<UserRegistrationPayload> {
  return readPayload(body, (b) => {
    const nicknameRaw = requiredString(b, 'nickname');
    const gender = requiredEnum(b, 'gender', GENDERS);
    const instagramRaw = optionalString(b, 'instagramId');
    const e = new FieldErrors();
    const nickname = e.check('nickname', validateUserNickname(nicknameRaw));
    const instagramId = e.check('instagramId', validateInstagramId(instagramRaw));
    if (nickname === undefined || instagramId === undefined) return e;
    return { nickname, gender, instagramId };
  });
}

/** PUT /users/me/profile `{nickname, instagramId|null, profileImage|null}` (absent means null). */
export function validateUserProfileUpdate(body: unknown): PayloadResult<UserProfilePayload> {
  return readPayload(body, (b) => {
    const nicknameRaw = requiredString(b, 'nickname');
    const instagramRaw = optionalString(b, 'instagramId');
    const profileImage = optionalImage(b, 'profileImage');
    const e = new FieldErrors();
    const nickname = e.check('nickname', validateUserNickname(nicknameRaw));
    const instagramId = e.check('instagramId', validateInstagramId(instagramRaw));
    if (nickname === undefined || instagramId === undefined) return e;
    return { nickname, instagramId, profileImage };
  });
}

/** POST /photographers/me/registration. */
export function validatePhotographerRegistration(body: unknown): PayloadResult<PhotographerRegistrationPayload> {
  return readPayload(body, (b) => {
    const nicknameRaw = requiredString(b, 'nickname');
    const gender = requiredEnum(b, 'gender', GENDERS);
    const instagramRaw = optionalString(b, 'instagramId');
    const profileImage = requiredImage(b, 'profileImage');
    const typesRaw = enumArray(b, 'mainPhotographyTypes', PHOTOGRAPHY_TYPES);
    const regionsRaw = regionArray(b, 'activeRegions');
    const e = new FieldErrors();
    const nickname = e.check('nickname', validatePhotographerName(nicknameRaw));
    const instagramId = e.check('instagramId', validateInstagramId(instagramRaw));
    const mainPhotographyTypes = e.check('mainPhotographyTypes', validateMainPhotographyTypes(typesRaw));
    const activeRegions = e.check('activeRegions', validatePhotographerRegions(regionsRaw));
    if (
      nickname === undefined ||
      instagramId === undefined ||
      mainPhotographyTypes === undefined ||
      activeRegions === undefined
    ) {
      return e;
    }
    return { nickname, gender, instagramId, profileImage, mainPhotographyTypes, activeRegions };
  });
}

/** PUT /photographers/me/profile `{nickname, profileImage|null, mainPhotographyTypes, activeRegions}`. */
export function validatePhotographerProfileUpdate(body: unknown): PayloadResult<PhotographerProfilePayload> {
  return readPayload(body, (b) => {
    const nicknameRaw = requiredString(b, 'nickname');
    const profileImage = optionalImage(b, 'profileImage');
    const typesRaw = enumArray(b, 'mainPhotographyTypes', PHOTOGRAPHY_TYPES);
    const regionsRaw = regionArray(b, 'activeRegions');
    const e = new FieldErrors();
    const nickname = e.check('nickname', validatePhotographerName(nicknameRaw));
    const mainPhotographyTypes = e.check('mainPhotographyTypes', validateMainPhotographyTypes(typesRaw));
    const activeRegions = e.check('activeRegions', validatePhotographerRegions(regionsRaw));
    if (nickname === undefined || mainPhotographyTypes === undefined || activeRegions === undefined) return e;
    return { nickname, profileImage, mainPhotographyTypes, activeRegions };
  });
}

/** PUT /photographers/me/page `{portfolio, address|null, instagramId|null, contactLink|null, description}`. */
export function validatePhotographerPage(body: unknown): PayloadResult<PhotographerPagePayload> {
  return readPayload(body, (b) => {
    const portfolioRaw = imageArray(b, 'portfolio');
    const addressRaw = optionalAddress(b, 'address');
    const instagramRaw = optionalString(b, 'instagramId');
    const contactRaw = optionalString(b, 'contactLink');
    const descriptionRaw = requiredString(b, 'description');
    const e = new FieldErrors();
    const portfolio = e.check('portfolio', validatePortfolio(portfolioRaw));
    const address = e.check('address', validateAddress(addressRaw));
    const instagramId = e.check('instagramId', validateInstagramId(instagramRaw));
    const contactLink = e.check('contactLink', validateContactLink(contactRaw));
    const description = e.check('description', validatePhotographerDescription(descriptionRaw));
    if (
      portfolio === undefined ||
      address === undefined ||
      instagramId === undefined ||
      contactLink === undefined ||
      description === undefined
    ) {
      return e;
    }
    return { portfolio, address, instagramId, contactLink, description };
  });
}
