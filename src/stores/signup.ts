/**
 * The sign-up wizard's store: the wizard state (kept in sessionStorage, so a reload keeps progress)
 * and the actions that call the API. The enabling rules and transitions are the pure functions of
 * src/lib/signup; the SignupWizard island only subscribes and calls these actions.
 */
import { atom } from 'nanostores';
import {
  fetchMe,
  fetchNicknameExists,
  fetchRegionGroups,
  isApiRequestError,
  registerPhotographer,
  registerUser,
  uploadFiles,
  type RegionGroupsResponse,
} from '../lib/api';
import type { UserResponse } from '../lib/contract';
import { hasAccessToken } from '../lib/auth';
import { navigate, readStorageJson, removeStorage, writeStorageJson } from '../lib/browser';
import { copy } from '../lib/copy';
import type { Gender, PhotographyType, Region, SignupSource } from '../lib/domain';
import { ImagePreparationError, prepareImageForUpload } from '../lib/images';
import { rememberWelcome } from '../lib/welcome';
import type { SignupRole, TermsId } from '../lib/rules/signup';
import {
  INITIAL_SIGNUP_STATE,
  decodeSignupState,
  registrationRequest,
  validateSignupName,
  withAllTerms,
  withInstagramId,
  withNextStep,
  withNickname,
  withNicknameResult,
  withPreviousStep,
  withRegionToggled,
  withRole,
  withSourceToggled,
  withStepFromHistory,
  withTerm,
  withTypeToggled,
  type SignupState,
  type SignupStep,
} from '../lib/signup';
import { $isSignedIn, setSessionUser } from './session';

export const SIGNUP_STATE_KEY = 'signupWizard';

export const $signup = atom<SignupState>(decodeSignupState(readStorageJson('session', SIGNUP_STATE_KEY)));
$signup.listen((state) => writeStorageJson('session', SIGNUP_STATE_KEY, state));

function update(change: (state: SignupState) => SignupState): void {
  $signup.set(change($signup.get()));
}

/** Messages next to fields and buttons: not persisted, cleared by the next action on that field. */
export interface SignupFeedback {
  nicknameError: string | null;
  submitError: string | null;
  submitting: boolean;
}

export const $signupFeedback = atom<SignupFeedback>({ nicknameError: null, submitError: null, submitting: false });

function feedback(patch: Partial<SignupFeedback>): void {
  $signupFeedback.set({ ...$signupFeedback.get(), ...patch });
}

/**
 * On opening /signup: without a token there is nobody to register (to /login); a registered member
 * has nothing to do here (to /). Returns whether the wizard may stay.
 */
export function guardSignupPage(): boolean {
  if (!hasAccessToken()) {
    navigate('/login', { replace: true });
    return false;
  }
  if ($isSignedIn.get()) {
    navigate('/', { replace: true });
    return false;
  }
  return true;
}

export function chooseRole(role: SignupRole): void {
  update((s) => withRole(s, role));
  feedback({ nicknameError: null });
}

export function setNickname(input: string): void {
  update((s) => withNickname(s, input));
  feedback({ nicknameError: null });
}

let nicknameRequest: AbortController | null = null;

/** The duplicate check for the name in the field (endpoint of the chosen role). Failures are logged. */
export async function checkNickname(): Promise<void> {
  const state = $signup.get();
  const name = validateSignupName(state.role, state.nickname);
  if (!state.role || !name.ok) return;
  nicknameRequest?.abort();
  const request = new AbortController();
  nicknameRequest = request;
  update((s) => ({ ...s, nicknameCheck: 'checking', checkedNickname: name.value }));
  feedback({ nicknameError: null });
  try {
    const answer = await fetchNicknameExists(state.role, name.value, request.signal);
    update((s) => withNicknameResult({ ...s, nicknameCheck: 'unchecked' }, name.value, answer.exists));
  } catch (err) {
    if (request.signal.aborted) return;
    console.error('nickname check failed', err);
    update((s) => (s.nicknameCheck === 'checking' ? { ...s, nicknameCheck: 'unchecked', checkedNickname: null } : s));
    const message = isApiRequestError(err) && err.status === 422 ? err.message : copy.signup.basic.checkFailed;
    feedback({ nicknameError: message });
  } finally {
    if (nicknameRequest === request) nicknameRequest = null;
  }
}

export function setGender(gender: Gender): void {
  update((s) => ({ ...s, gender }));
}

export function setInstagramId(input: string): void {
  update((s) => withInstagramId(s, input));
}

export function togglePhotographyType(type: PhotographyType): void {
  update((s) => withTypeToggled(s, type));
}

export function toggleRegion(region: Region): void {
  update((s) => withRegionToggled(s, region));
}

export function toggleSignupSource(source: SignupSource): void {
  update((s) => withSourceToggled(s, source));
}

export function setAllTerms(agreed: boolean): void {
  update((s) => withAllTerms(s, agreed));
}

export function setTerm(id: TermsId, agreed: boolean): void {
  update((s) => withTerm(s, id, agreed));
}

export function goNext(): void {
  update(withNextStep);
}

export function goBack(): void {
  update(withPreviousStep);
}

export function goToStepFromHistory(step: SignupStep): void {
  update((s) => withStepFromHistory(s, step));
}

// --- profile image ---

export interface ProfileUpload {
  phase: 'idle' | 'compressing' | 'uploading' | 'done' | 'error';
  /** 0–1 within the phase. */
  progress: number;
  error: string | null;
}

export const $profileUpload = atom<ProfileUpload>({ phase: 'idle', progress: 0, error: null });

let uploadRequest: AbortController | null = null;

/**
 * A picked profile picture: image files only, compressed first from 3 MB, then POST /files as
 * USER_PROFILE_IMAGE with progress. The stored image replaces the previous one only on success.
 */
export async function uploadProfileImage(file: File | null | undefined): Promise<void> {
  if (!file) return;
  uploadRequest?.abort();
  const request = new AbortController();
  uploadRequest = request;
  const report = (next: ProfileUpload) => {
    if (uploadRequest === request) $profileUpload.set(next);
  };
  try {
    report({ phase: 'compressing', progress: 0, error: null });
    const ready = await prepareImageForUpload(file, {
      signal: request.signal,
      onCompressProgress: (progress) => report({ phase: 'compressing', progress, error: null }),
    });
    report({ phase: 'uploading', progress: 0, error: null });
    const [image] = await uploadFiles('USER_PROFILE_IMAGE', [ready], {
      signal: request.signal,
      onProgress: (progress) => report({ phase: 'uploading', progress, error: null }),
    });
    if (!image) throw new Error('no file in the upload answer');
    if (uploadRequest !== request) return;
    update((s) => ({ ...s, profileImage: image }));
    report({ phase: 'done', progress: 1, error: null });
  } catch (err) {
    if (request.signal.aborted) return;
    console.error('profile image upload failed', err);
    let message: string = copy.signup.profile.uploadFailed;
    if (err instanceof ImagePreparationError) message = err.message;
    else if (isApiRequestError(err) && (err.status === 413 || err.status === 415 || err.status === 422))
      message = err.message;
    report({ phase: 'error', progress: 0, error: message });
  } finally {
    if (uploadRequest === request) uploadRequest = null;
  }
}

// --- regions ---

export interface RegionGroupsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  groups: RegionGroupsResponse['regionGroups'];
}

export const $regionGroups = atom<RegionGroupsState>({ status: 'idle', groups: [] });

/** GET /regions/groups once per page (again after a failure). */
export async function loadRegionGroups(): Promise<void> {
  const current = $regionGroups.get();
  if (current.status === 'loading' || current.status === 'ready') return;
  $regionGroups.set({ status: 'loading', groups: [] });
  try {
    const { regionGroups } = await fetchRegionGroups();
    $regionGroups.set({ status: 'ready', groups: regionGroups });
  } catch (err) {
    console.error('region groups failed', err);
    $regionGroups.set({ status: 'error', groups: [] });
  }
}

// --- submit ---

function finish(user: UserResponse, role: SignupRole): void {
  setSessionUser(user);
  rememberWelcome({ nickname: user.nickname, role });
  $signup.set({ ...INITIAL_SIGNUP_STATE });
  removeStorage('session', SIGNUP_STATE_KEY);
  navigate('/success/signup', { replace: true });
}

/**
 * Registers with the one call of the chosen role, stores id and roles, and opens the welcome screen
 * without keeping history. A taken name sends the visitor back to the basic step with the red result.
 */
export async function submitSignup(): Promise<void> {
  const state = $signup.get();
  const request = registrationRequest(state);
  if (!request || $signupFeedback.get().submitting) return;
  feedback({ submitting: true, submitError: null });
  try {
    const user = request.role === 'USER' ? await registerUser(request.body) : await registerPhotographer(request.body);
    finish(user, request.role);
  } catch (err) {
    console.error('registration failed', err);
    if (!isApiRequestError(err)) {
      feedback({ submitError: copy.signup.submitFailed });
    } else if (err.code === 'NICKNAME_ALREADY_EXISTS') {
      update((s) => ({ ...s, step: 'basic', nicknameCheck: 'duplicate', checkedNickname: request.body.nickname }));
    } else if (err.code === 'USER_ALREADY_REGISTERED') {
      // Registered in another tab: take the member as they are.
      try {
        const me = await fetchMe();
        setSessionUser(me);
        $signup.set({ ...INITIAL_SIGNUP_STATE });
        removeStorage('session', SIGNUP_STATE_KEY);
        navigate('/', { replace: true });
        return;
      } catch {
        feedback({ submitError: err.message });
      }
    } else if (err.status !== 401) {
      feedback({ submitError: err.status === 0 ? err.message : err.message || copy.signup.submitFailed });
    }
  } finally {
    feedback({ submitting: false });
  }
}
