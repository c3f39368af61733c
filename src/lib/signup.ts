/**
 * The sign-up wizard as pure data and functions (spec §2 Sign-up, §4 nickname check and terms, §5):
 * its state, the steps per role, each Next button's enabling rule and the state transitions. The
 * rules themselves come from src/lib/rules/member; the store (src/stores/signup) adds the calls.
 */
import type { Gender, Image, PhotographyType, Region, SignupSource } from './domain';
import type { PhotographerRegistrationBody, UserRegistrationBody } from '#client/api';
import {
  canCheckName,
  isNameAvailable,
  nameRule,
  toggleIn,
  withNameInput,
  withNameResult,
  type NameField,
  type NicknameCheck,
} from './member-forms';
import {
  normaliseInstagramIdInput,
  normaliseNameInput,
  validateGender,
  validateInstagramId,
  validateMainPhotographyTypes,
  validatePhotographerRegions,
  validateProfileImage,
} from './rules/member';
import { CURRENT_CONSENT_VERSIONS } from './consents';
import { termsFor, validateSignupSources, validateTerms, type SignupRole, type TermsId } from './rules/signup';
import type { RuleResult } from './rules/result';
import { readImage } from './image-list';

export type SignupStep = 'role' | 'basic' | 'profile' | 'survey' | 'terms';

export interface SignupState {
  step: SignupStep;
  role: SignupRole | null;
  /** As typed, normalised while typing (leading spaces stripped, runs collapsed). */
  nickname: string;
  nicknameCheck: NicknameCheck;
  /** The normalised name the last check answered for. */
  checkedNickname: string | null;
  gender: Gender | null;
  /** Normalised while typing: lower-case, only 0-9 a-z . _, at most 30. */
  instagramId: string;
  profileImage: Image | null;
  photographyTypes: PhotographyType[];
  regions: Region[];
  signupSources: SignupSource[];
  agreedTerms: TermsId[];
}

export const INITIAL_SIGNUP_STATE: SignupState = {
  step: 'role',
  role: null,
  nickname: '',
  nicknameCheck: 'unchecked',
  checkedNickname: null,
  gender: null,
  instagramId: '',
  profileImage: null,
  photographyTypes: [],
  regions: [],
  signupSources: [],
  agreedTerms: [],
};

/** The steps in order; the profile step only for a PHOTOGRAPHER. The terms step submits. */
export function signupSteps(role: SignupRole | null): SignupStep[] {
  return role === 'PHOTOGRAPHER'
    ? ['role', 'basic', 'profile', 'survey', 'terms']
    : ['role', 'basic', 'survey', 'terms'];
}

/** The role's own name rule: user nickname, or photographer business/activity name. */
export function validateSignupName(role: SignupRole | null, nickname: string): RuleResult<string> {
  return nameRule(role ?? 'USER', nickname);
}

/** The wizard's name and its check as the editors' name field (the same rules and transitions). */
export function signupNameField(state: SignupState): NameField {
  return { value: state.nickname, check: state.nicknameCheck, checked: state.checkedNickname };
}

function withNameField(state: SignupState, field: NameField): SignupState {
  return { ...state, nickname: field.value, nicknameCheck: field.check, checkedNickname: field.checked };
}

/** The duplicate-check button: only for a valid format, and not again for the name already answered. */
export function canCheckNickname(state: SignupState): boolean {
  return state.role !== null && canCheckName(state.role, signupNameField(state), '');
}

/** The check said 'available' for exactly the name now in the field. */
export function isNicknameConfirmed(state: SignupState): boolean {
  return state.role !== null && isNameAvailable(state.role, signupNameField(state));
}

// --- Next button of each step ---

export function canLeaveRole(state: SignupState): boolean {
  return state.role !== null;
}

/** Basic info: nickname checked 'available', a gender; instagramId optional but well-formed. */
export function canLeaveBasicInfo(state: SignupState): boolean {
  return isNicknameConfirmed(state) && validateGender(state.gender).ok && validateInstagramId(state.instagramId).ok;
}

/** Photographer profile: a profile image, 1–3 shooting types, 1–5 regions. */
export function canLeaveProfile(state: SignupState): boolean {
  return (
    validateProfileImage(state.profileImage).ok &&
    validateMainPhotographyTypes(state.photographyTypes).ok &&
    validatePhotographerRegions(state.regions).ok
  );
}

/** Survey: at least one answer. */
export function canLeaveSurvey(state: SignupState): boolean {
  return validateSignupSources(state.signupSources).ok;
}

/** Terms: every item required for the chosen role agreed. */
export function canSubmitTerms(state: SignupState): boolean {
  return state.role !== null && validateTerms(state.role, state.agreedTerms).ok;
}

export function canLeaveStep(state: SignupState, step: SignupStep = state.step): boolean {
  switch (step) {
    case 'role':
      return canLeaveRole(state);
    case 'basic':
      return canLeaveBasicInfo(state);
    case 'profile':
      return canLeaveProfile(state);
    case 'survey':
      return canLeaveSurvey(state);
    case 'terms':
      return canSubmitTerms(state);
  }
}

/** Every step up to and including `step` can be left: a restored or jumped-to step is reachable. */
export function isStepReachable(state: SignupState, step: SignupStep): boolean {
  const steps = signupSteps(state.role);
  const index = steps.indexOf(step);
  if (index < 0) return false;
  return steps.slice(0, index).every((s) => canLeaveStep(state, s));
}

// --- transitions ---

/** Choosing a role: the name rule and the check endpoint depend on it, so a change resets the check. */
export function withRole(state: SignupState, role: SignupRole): SignupState {
  if (state.role === role) return state;
  const allowed = new Set(termsFor(role).map((t) => t.id));
  return {
    ...state,
    role,
    nicknameCheck: 'unchecked',
    checkedNickname: null,
    agreedTerms: state.agreedTerms.filter((id) => allowed.has(id)),
  };
}

/** Typing a name: normalised as typed; any change resets the check result. */
export function withNickname(state: SignupState, input: string): SignupState {
  const field = signupNameField(state);
  const next = withNameInput(field, input);
  return next === field ? state : withNameField(state, next);
}

/** The check's answer, applied only if the field still holds the checked name. */
export function withNicknameResult(state: SignupState, checked: string, exists: boolean): SignupState {
  const field = signupNameField(state);
  const next = withNameResult(state.role ?? 'USER', field, checked, exists);
  return next === field ? state : withNameField(state, next);
}

export function withInstagramId(state: SignupState, input: string): SignupState {
  return { ...state, instagramId: normaliseInstagramIdInput(input) };
}

export function withSourceToggled(state: SignupState, source: SignupSource): SignupState {
  return { ...state, signupSources: toggleIn(state.signupSources, source, Number.POSITIVE_INFINITY) };
}

/** 'Agree to all' is checked exactly when every item shown to the role is. */
export function allTermsAgreed(state: SignupState): boolean {
  if (state.role === null) return false;
  return termsFor(state.role).every((t) => state.agreedTerms.includes(t.id));
}

/** 'Agree to all' sets or clears every item of the role. */
export function withAllTerms(state: SignupState, agreed: boolean): SignupState {
  if (state.role === null) return state;
  return { ...state, agreedTerms: agreed ? termsFor(state.role).map((t) => t.id) : [] };
}

/** One item; unchecking any item also unchecks 'agree to all' (it is derived). */
export function withTerm(state: SignupState, id: TermsId, agreed: boolean): SignupState {
  const rest = state.agreedTerms.filter((t) => t !== id);
  return { ...state, agreedTerms: agreed ? [...rest, id] : rest };
}

/** Next: only when the current step's rule holds; the terms step has no next (it submits). */
export function withNextStep(state: SignupState): SignupState {
  if (!canLeaveStep(state)) return state;
  const steps = signupSteps(state.role);
  const next = steps[steps.indexOf(state.step) + 1];
  return next ? { ...state, step: next } : state;
}

/** Back keeps every value entered. */
export function withPreviousStep(state: SignupState): SignupState {
  const steps = signupSteps(state.role);
  const previous = steps[steps.indexOf(state.step) - 1];
  return previous ? { ...state, step: previous } : state;
}

/**
 * A step reached through the browser's history (back or forward): one of the role's steps, and only
 * when every step before it still holds (answers changed after going back may not allow it).
 */
export function withStepFromHistory(state: SignupState, step: SignupStep): SignupState {
  const steps = signupSteps(state.role);
  const index = steps.indexOf(step);
  if (index < 0) return state;
  if (!steps.slice(0, index).every((before) => canLeaveStep(state, before))) return state;
  return step === state.step ? state : { ...state, step };
}

// --- submit ---

export type RegistrationRequest =
  { role: 'USER'; body: UserRegistrationBody } | { role: 'PHOTOGRAPHER'; body: PhotographerRegistrationBody };

/** The one registration call for the chosen role, or null while any step's rule fails. */
export function registrationRequest(state: SignupState): RegistrationRequest | null {
  const steps = signupSteps(state.role);
  if (state.role === null || !steps.every((s) => canLeaveStep(state, s))) return null;
  const nickname = validateSignupName(state.role, state.nickname);
  const gender = validateGender(state.gender);
  const instagramId = validateInstagramId(state.instagramId);
  const sources = validateSignupSources(state.signupSources);
  if (!nickname.ok || !gender.ok || !instagramId.ok || !sources.ok) return null;
  const base: UserRegistrationBody = {
    nickname: nickname.value,
    gender: gender.value,
    instagramId: instagramId.value,
    signupSources: sources.value,
    // The role's items the member ticked, at the versions this page showed.
    consents: termsFor(state.role)
      .filter((t) => state.agreedTerms.includes(t.id))
      .map((t) => ({ kind: t.id, version: CURRENT_CONSENT_VERSIONS[t.id] })),
  };
  if (state.role === 'USER') return { role: 'USER', body: base };
  const image = validateProfileImage(state.profileImage);
  const types = validateMainPhotographyTypes(state.photographyTypes);
  const regions = validatePhotographerRegions(state.regions);
  if (!image.ok || !types.ok || !regions.ok) return null;
  return {
    role: 'PHOTOGRAPHER',
    body: { ...base, profileImage: image.value, mainPhotographyTypes: types.value, activeRegions: regions.value },
  };
}

// --- persistence (sessionStorage) ---

const STEPS: readonly SignupStep[] = ['role', 'basic', 'profile', 'survey', 'terms'];

/**
 * A stored wizard state, checked field by field; anything malformed falls back to its initial value.
 * A check that was in flight when the page closed is 'unchecked' again, and a step whose earlier
 * steps no longer hold is walked back to the first one that does not.
 */
export function decodeSignupState(raw: unknown): SignupState {
  if (typeof raw !== 'object' || raw === null) return { ...INITIAL_SIGNUP_STATE };
  const r = raw as Partial<Record<keyof SignupState, unknown>>;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const role = r.role === 'USER' || r.role === 'PHOTOGRAPHER' ? r.role : null;
  const state: SignupState = {
    step: STEPS.includes(r.step as SignupStep) ? (r.step as SignupStep) : 'role',
    role,
    nickname: typeof r.nickname === 'string' ? normaliseNameInput(r.nickname) : '',
    nicknameCheck: r.nicknameCheck === 'available' || r.nicknameCheck === 'duplicate' ? r.nicknameCheck : 'unchecked',
    checkedNickname: typeof r.checkedNickname === 'string' ? r.checkedNickname : null,
    gender: r.gender === 'MALE' || r.gender === 'FEMALE' ? r.gender : null,
    instagramId: typeof r.instagramId === 'string' ? normaliseInstagramIdInput(r.instagramId) : '',
    profileImage: readImage(r.profileImage),
    photographyTypes: strings(r.photographyTypes).filter(
      (t): t is PhotographyType => validateMainPhotographyTypes([t]).ok,
    ),
    regions: Array.isArray(r.regions)
      ? r.regions.filter(
          (x): x is Region =>
            typeof x === 'object' && x !== null && typeof x.category === 'string' && typeof x.name === 'string',
        )
      : [],
    signupSources: strings(r.signupSources).filter((s): s is SignupSource => validateSignupSources([s]).ok),
    agreedTerms: role
      ? strings(r.agreedTerms).filter((id): id is TermsId => termsFor(role).some((t) => t.id === id))
      : [],
  };
  const steps = signupSteps(state.role);
  if (!steps.includes(state.step)) state.step = 'role';
  while (!isStepReachable(state, state.step)) {
    const previous = steps[steps.indexOf(state.step) - 1];
    if (!previous) break;
    state.step = previous;
  }
  return state;
}
