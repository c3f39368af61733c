/**
 * The sign-up wizard in the browser's history: each step is an entry, so the phone's back button goes
 * to the previous step (answers kept, they live in the signup store) and never leaves for Kakao's page
 * that came before /signup. The entry /auth left becomes a floor: going back onto it leaves the wizard
 * into the app (the page a login prompt came from, else home).
 */
import { navigate } from '#client/browser';
import { takeReturnPath } from '#lib/return-to';
import type { SignupStep } from '#lib/signup';
import { $signup, goBack, goNext, goToStepFromHistory } from './signup';

const STEPS: readonly string[] = ['role', 'basic', 'profile', 'survey', 'terms'];
const FLOOR = 'leave';

type Entry = SignupStep | typeof FLOOR | null;

function entryOf(state: unknown): Entry {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as { signupStep?: unknown }).signupStep;
  if (value === FLOOR) return FLOOR;
  return typeof value === 'string' && STEPS.includes(value) ? (value as SignupStep) : null;
}

const mark = (step: SignupStep | typeof FLOOR) => ({ signupStep: step });

/** Sets up the entries for the step shown now and follows back/forward; returns the clean-up. */
export function startSignupHistory(): () => void {
  const step = $signup.get().step;
  const here = entryOf(history.state);
  if (here === null || here === FLOOR) {
    // Arrived from /auth (or a link): this entry becomes the floor, the current step goes on top.
    history.replaceState(mark(FLOOR), '');
    history.pushState(mark(step), '');
  } else if (here !== step) {
    history.replaceState(mark(step), '');
  }
  const onPop = (e: PopStateEvent) => {
    const target = entryOf(e.state);
    if (target === null || target === FLOOR) {
      navigate(takeReturnPath() ?? '/', { replace: true });
      return;
    }
    goToStepFromHistory(target);
    // Refused (answers changed since): the entry says the step that shows.
    const shown = $signup.get().step;
    if (shown !== target) history.replaceState(mark(shown), '');
  };
  // A step changed by the store itself (a taken name sends the member back to the basic step).
  const stop = $signup.listen((s) => {
    if (entryOf(history.state) !== s.step) history.replaceState(mark(s.step), '');
  });
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('popstate', onPop);
    stop();
  };
}

/** Next: the new step is a new history entry. */
export function nextSignupStep(): void {
  const before = $signup.get().step;
  // The store's listener relabels the current entry at once; it is put back before the push.
  goNext();
  const after = $signup.get().step;
  if (after === before) return;
  history.replaceState(mark(before), '');
  history.pushState(mark(after), '');
}

/** The wizard's own back button: the same as the browser's, when the entry below is the previous step. */
export function previousSignupStep(): void {
  if (entryOf(history.state) === $signup.get().step) history.back();
  else goBack();
}
