/**
 * The sign-up wizard's store: the wizard state (kept in sessionStorage, so a reload keeps progress)
 * and the actions that call the API. The enabling rules and transitions are the pure functions of
 * src/lib/signup; the SignupWizard island only subscribes and calls these actions.
 */
import { atom } from 'nanostores';
import { fetchMe, isApiRequestError, registerPhotographer, registerUser } from '#client/api';
import type { UserResponse } from '#lib/contract';
import { hasAccessToken } from '#client/auth';
import { navigate, readStorageJson, removeStorage, writeStorageJson } from '#client/browser';
import { copy } from '#lib/copy';
import type { Gender, SignupSource } from '#lib/domain';
import { PROFILE_PICKS, pickToggles } from '#lib/member-forms';
import { peekReturnPath } from '#lib/return-to';
import { rememberWelcome } from '#lib/welcome';
import type { SignupRole, TermsId } from '#lib/rules/signup';
import {
  INITIAL_SIGNUP_STATE,
  decodeSignupState,
  registrationRequest,
  signupNameField,
  withAllTerms,
  withInstagramId,
  withNextStep,
  withNickname,
  withPreviousStep,
  withRole,
  withSourceToggled,
  withStepFromHistory,
  withTerm,
  type SignupState,
  type SignupStep,
} from '#lib/signup';
import { createSingleImage } from './image-uploads';
import { checkName } from './name-check';
import { completePendingSave } from './saves';
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

/** The duplicate check for the name in the field (endpoint of the chosen role), as in the editors. */
export async function checkNickname(): Promise<void> {
  const role = $signup.get().role;
  if (!role) return;
  await checkName(role, {
    read: () => ($signup.get().role === role ? signupNameField($signup.get()) : null),
    write: (field) =>
      update((s) => ({ ...s, nickname: field.value, nicknameCheck: field.check, checkedNickname: field.checked })),
    setError: (nicknameError) => feedback({ nicknameError }),
  });
}

export function setGender(gender: Gender): void {
  update((s) => ({ ...s, gender }));
}

export function setInstagramId(input: string): void {
  update((s) => withInstagramId(s, input));
}

/** The profile step's type and region chips. */
export const profileChips = pickToggles(PROFILE_PICKS, update);

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

/** The profile picture: the editors' upload (compressed to JPEG from 3 MB, progress, retry). */
export const signupPicture = createSingleImage('USER_PROFILE_IMAGE', (image) =>
  update((s) => ({ ...s, profileImage: image })),
);

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
    // The save tapped before signing up, on the page the welcome screen returns to.
    await completePendingSave(peekReturnPath());
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
