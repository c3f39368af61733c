/**
 * The member editors as pure data and functions (spec §2 Edit user, Edit photographer, Photographer page
 * editor; §5 User profile edit, Photographer profile edit, Photographer detail page): their state, each
 * save button's enabling rule and the request it sends. The field rules come from src/lib/rules/member;
 * the stores (src/stores/profile-edit) add the calls.
 */
import type { Address, Image, PhotographyType, Region } from './domain';
import type { PhotographerResponse, UserResponse } from './contract';
import { LIMITS } from './rules/common';
import {
  normaliseInstagramIdInput,
  normaliseNameInput,
  validateAddress,
  validateContactLink,
  validateInstagramId,
  validateMainPhotographyTypes,
  validatePhotographerDescription,
  validatePhotographerName,
  validatePhotographerRegions,
  validatePortfolio,
  validateUserNickname,
  type PhotographerPagePayload,
  type PhotographerProfilePayload,
  type UserProfilePayload,
  addressOrNull,
} from './rules/member';
import type { RuleResult } from './rules/result';
import { regionKeyOf } from './regions';
import { sliceGraphemes } from './text';
import { cleanImage } from './image-list';

/** unchecked → (button) → checking → available | duplicate; any change of the name → unchecked. */
export type NicknameCheck = 'unchecked' | 'checking' | 'available' | 'duplicate';

/** Adds or removes `item`; adding beyond `max` is ignored. */
export function toggleIn<T>(list: readonly T[], item: T, max: number, same: (a: T, b: T) => boolean = Object.is): T[] {
  const index = list.findIndex((x) => same(x, item));
  if (index >= 0) return list.filter((_, i) => i !== index);
  return list.length >= max ? [...list] : [...list, item];
}

export const sameRegion = (a: Region, b: Region): boolean => regionKeyOf(a) === regionKeyOf(b);

// ---------------------------------------------------------------------------------------------------
// A name field with its duplicate check (user nickname or photographer name)

export type NameKind = 'USER' | 'PHOTOGRAPHER';

export interface NameField {
  /** As typed, normalised while typing (leading spaces stripped, runs collapsed). */
  value: string;
  check: NicknameCheck;
  /** The normalised name the last check answered for. */
  checked: string | null;
}

export function nameRule(kind: NameKind, input: string): RuleResult<string> {
  return kind === 'PHOTOGRAPHER' ? validatePhotographerName(input) : validateUserNickname(input);
}

export function nameField(value: string): NameField {
  return { value, check: 'unchecked', checked: null };
}

/** Typing: normalised as typed; any change resets the check. */
export function withNameInput(field: NameField, input: string): NameField {
  const value = normaliseNameInput(input);
  return value === field.value ? field : { value, check: 'unchecked', checked: null };
}

/** The check's answer, applied only if the field still holds the checked name. */
export function withNameResult(kind: NameKind, field: NameField, checked: string, exists: boolean): NameField {
  const current = nameRule(kind, field.value);
  if (!current.ok || current.value !== checked) return field;
  return { ...field, check: exists ? 'duplicate' : 'available', checked };
}

/** The name differs from the saved one (after the rule's own normalisation). */
export function isNameChanged(kind: NameKind, field: NameField, original: string): boolean {
  const r = nameRule(kind, field.value);
  return (r.ok ? r.value : field.value.trim()) !== original;
}

/** The check button: a valid, changed name that has not been answered yet. */
export function canCheckName(kind: NameKind, field: NameField, original: string): boolean {
  if (field.check === 'checking') return false;
  const r = nameRule(kind, field.value);
  if (!r.ok || r.value === original) return false;
  return !(field.check !== 'unchecked' && field.checked === r.value);
}

/** The check said 'available' for exactly the name now in the field. */
export function isNameAvailable(kind: NameKind, field: NameField): boolean {
  if (field.check !== 'available') return false;
  const r = nameRule(kind, field.value);
  return r.ok && r.value === field.checked;
}

export type NameStatus =
  { tone: 'hint'; message: string } | { tone: 'error'; message: string } | { tone: 'success'; message: string };

const sameImage = (a: Image | null, b: Image | null) => (a?.url ?? null) === (b?.url ?? null);

// ---------------------------------------------------------------------------------------------------
// Edit user (/edit/user)

export interface UserEditState {
  original: { nickname: string; instagramId: string; profileImage: Image | null };
  nickname: NameField;
  /** Normalised while typing: lower-case, only 0-9 a-z . _, at most 30. */
  instagramId: string;
  profileImage: Image | null;
}

export function userEditState(me: Pick<UserResponse, 'nickname' | 'instagramId' | 'profileImage'>): UserEditState {
  const instagramId = me.instagramId ?? '';
  const profileImage = me.profileImage ? cleanImage(me.profileImage) : null;
  return {
    original: { nickname: me.nickname, instagramId, profileImage },
    nickname: nameField(me.nickname),
    instagramId,
    profileImage,
  };
}

export function withUserInstagram(state: UserEditState, input: string): UserEditState {
  return { ...state, instagramId: normaliseInstagramIdInput(input) };
}

export interface UserEditChanges {
  picture: boolean;
  nickname: boolean;
  instagramId: boolean;
}

export function userEditChanges(state: UserEditState): UserEditChanges {
  return {
    picture: !sameImage(state.profileImage, state.original.profileImage),
    nickname: isNameChanged('USER', state.nickname, state.original.nickname),
    instagramId: state.instagramId !== state.original.instagramId,
  };
}

/**
 * Spec §5: the button is enabled only if the picture, the nickname (with 'available') or the
 * instagramId changed. A changed nickname that is not 'available' keeps it disabled whatever else
 * changed, since it would be sent unchecked; nothing is sent while a picture is still uploading.
 */
export function canSaveUserProfile(state: UserEditState, uploading = false): boolean {
  if (uploading) return false;
  const changes = userEditChanges(state);
  if (changes.nickname && !isNameAvailable('USER', state.nickname)) return false;
  if (!validateInstagramId(state.instagramId).ok) return false;
  return changes.picture || changes.nickname || changes.instagramId;
}

/** PUT /users/me/profile (a full overwrite), or null while the button is disabled. */
export function userProfileRequest(state: UserEditState, uploading = false): UserProfilePayload | null {
  if (!canSaveUserProfile(state, uploading)) return null;
  const nickname = userEditChanges(state).nickname
    ? validateUserNickname(state.nickname.value)
    : { ok: true as const, value: state.original.nickname };
  const instagramId = validateInstagramId(state.instagramId);
  if (!nickname.ok || !instagramId.ok) return null;
  return { nickname: nickname.value, instagramId: instagramId.value, profileImage: state.profileImage };
}

// ---------------------------------------------------------------------------------------------------
// Edit photographer (/edit/photographer)

export const MAX_PROFILE_TYPES = LIMITS.profilePhotographyTypes.max;
export const MAX_PROFILE_REGIONS = LIMITS.profileRegions.max;

/**
 * A form's picked photography types and regions: sign-up and the profile editor (up to 3 and 5), the
 * event form (up to 2 and 3).
 */
export interface Picks {
  photographyTypes: PhotographyType[];
  regions: Region[];
}

/** How many types and regions a form takes; a pick beyond is ignored. */
export interface PickLimits {
  types: number;
  regions: number;
}

export const PROFILE_PICKS: PickLimits = { types: MAX_PROFILE_TYPES, regions: MAX_PROFILE_REGIONS };

/** Adds or removes a type; adding beyond the form's limit is ignored. */
export function withTypePicked<S extends Picks>(state: S, type: PhotographyType, limits: PickLimits): S {
  return { ...state, photographyTypes: toggleIn(state.photographyTypes, type, limits.types) };
}

/** Adds or removes a region; adding beyond the form's limit is ignored. */
export function withRegionPicked<S extends Picks>(state: S, region: Region, limits: PickLimits): S {
  return { ...state, regions: toggleIn(state.regions, region, limits.regions, sameRegion) };
}

/** What a tap on a type or a region chip does. */
export interface PickToggles {
  type: (type: PhotographyType) => void;
  region: (region: Region) => void;
}

/** The chips' toggles of a store's picks, changed through its `update`. */
export function pickToggles<S extends Picks>(
  limits: PickLimits,
  update: (change: (state: S) => S) => void,
): PickToggles {
  return {
    type: (type) => update((s) => withTypePicked(s, type, limits)),
    region: (region) => update((s) => withRegionPicked(s, region, limits)),
  };
}

export interface PhotographerEditState {
  original: { nickname: string };
  nickname: NameField;
  profileImage: Image | null;
  photographyTypes: PhotographyType[];
  regions: Region[];
}

export function photographerEditState(p: PhotographerResponse): PhotographerEditState {
  return {
    original: { nickname: p.nickname },
    nickname: nameField(p.nickname),
    profileImage: p.profileImage ? cleanImage(p.profileImage) : null,
    photographyTypes: [...p.mainPhotographyTypes],
    regions: p.activeRegions.map((r) => ({ category: r.category, name: r.name })),
  };
}

/**
 * Spec §5 Photographer profile edit: a valid name with no pending 'duplicate' result, 1–3 types and
 * 1–5 regions; nothing is sent while the picture is still uploading. A changed name also needs its
 * duplicate check, as the hint under the field asks (docs/design.md, deviations from the spec).
 */
export function canSavePhotographerProfile(state: PhotographerEditState, uploading = false): boolean {
  if (uploading) return false;
  const name = nameRule('PHOTOGRAPHER', state.nickname.value);
  if (!name.ok) return false;
  if (state.nickname.check === 'duplicate' && state.nickname.checked === name.value) return false;
  if (state.nickname.check === 'checking') return false;
  if (isNameChanged('PHOTOGRAPHER', state.nickname, state.original.nickname)) {
    if (!isNameAvailable('PHOTOGRAPHER', state.nickname)) return false;
  }
  return validateMainPhotographyTypes(state.photographyTypes).ok && validatePhotographerRegions(state.regions).ok;
}

export function photographerProfileRequest(
  state: PhotographerEditState,
  uploading = false,
): PhotographerProfilePayload | null {
  if (!canSavePhotographerProfile(state, uploading)) return null;
  const nickname = validatePhotographerName(state.nickname.value);
  const types = validateMainPhotographyTypes(state.photographyTypes);
  const regions = validatePhotographerRegions(state.regions);
  if (!nickname.ok || !types.ok || !regions.ok) return null;
  return {
    nickname: nickname.value,
    profileImage: state.profileImage,
    mainPhotographyTypes: types.value,
    activeRegions: regions.value,
  };
}

// ---------------------------------------------------------------------------------------------------
// Photographer page editor (/edit/photographer/detail)

export const MAX_PORTFOLIO = LIMITS.portfolioImages.max;
export const DESCRIPTION_MAX = LIMITS.description.max;
/** The intro field stops taking input here (spec §5: "the component also blocks over 1000"). */
export const DESCRIPTION_INPUT_MAX = LIMITS.descriptionInput.max;

export interface PageEditorFields {
  address: Address | null;
  instagramId: string;
  contactLink: string;
  description: string;
}

export function pageEditorFields(p: PhotographerResponse): PageEditorFields {
  return {
    address: addressOrNull(p.address) ? { ...p.address } : null,
    instagramId: p.instagramId ?? '',
    contactLink: p.contactLink ?? '',
    description: p.description ?? '',
  };
}

/** The intro as typed: input beyond 1000 characters is ignored. */
export function introInput(input: string): string {
  return sliceGraphemes(input, DESCRIPTION_INPUT_MAX);
}

/**
 * Spec §5 Photographer detail page: 1–10 portfolio images and a non-empty intro of at most 500
 * characters; the optional link must be an http(s) address; nothing is sent while uploads run.
 */
export function canSavePhotographerPage(
  fields: PageEditorFields,
  portfolio: readonly Image[],
  uploading = false,
): boolean {
  return photographerPageRequest(fields, portfolio, uploading) !== null;
}

export function photographerPageRequest(
  fields: PageEditorFields,
  portfolio: readonly Image[],
  uploading = false,
): PhotographerPagePayload | null {
  if (uploading) return null;
  const images = validatePortfolio(portfolio);
  const description = validatePhotographerDescription(fields.description);
  const contactLink = validateContactLink(fields.contactLink);
  const instagramId = validateInstagramId(fields.instagramId);
  const address = validateAddress(fields.address);
  if (!images.ok || !description.ok || !contactLink.ok || !instagramId.ok || !address.ok) return null;
  return {
    portfolio: images.value,
    address: address.value,
    instagramId: instagramId.value,
    contactLink: contactLink.value,
    description: description.value,
  };
}
