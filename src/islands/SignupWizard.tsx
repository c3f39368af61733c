import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { copy } from '#lib/copy';
import { INITIAL_SIGNUP_STATE, canLeaveStep, signupSteps } from '#lib/signup';
import type { TermsLinks } from '#lib/rules/signup';
import { $signup, $signupFeedback, guardSignupPage, submitSignup } from '#stores/signup';
import { nextSignupStep, previousSignupStep, startSignupHistory } from '#stores/signup-history';
import { BasicInfoStep } from './signup/BasicInfoStep';
import { ProfileStep } from './signup/ProfileStep';
import { RoleStep } from './signup/RoleStep';
import { SurveyStep } from './signup/SurveyStep';
import { TermsStep } from './signup/TermsStep';
import styles from './SignupWizard.module.css';

interface Props {
  /** The terms step's links to the documents. */
  termsLinks: TermsLinks;
}

/**
 * The sign-up wizard: role → basic info → (photographer profile) → survey → terms and submit. Each
 * step's Next stays disabled until the step's rule (src/lib/signup) holds; Back keeps every value; the
 * state lives in the signup store, kept in sessionStorage.
 */
export function SignupWizard({ termsLinks }: Props) {
  // The server rendered the first step; the stored progress shows right after hydration.
  const state = useStore($signup, { ssr: () => INITIAL_SIGNUP_STATE });
  const { submitting, submitError } = useStore($signupFeedback);
  const [allowed, setAllowed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  useEffect(() => {
    setAllowed(guardSignupPage());
  }, []);
  // Each step is a history entry: the phone's back button goes to the previous step.
  useEffect(() => (allowed ? startSignupHistory() : undefined), [allowed]);

  // Focus follows the step (not on the first render): screen readers hear the new question.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [state.step]);

  const steps = signupSteps(state.role);
  const index = Math.max(0, steps.indexOf(state.step));
  const isLast = state.step === 'terms';
  const enabled = allowed && canLeaveStep(state) && !submitting;

  return (
    <form
      className={styles['wizard']}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!enabled) return;
        if (isLast) void submitSignup();
        else nextSignupStep();
      }}
    >
      <div className={`${styles['progressRow']} ${index === 0 ? styles['first'] : ''}`}>
        {index > 0 ? (
          <button type="button" className={styles['back']} onClick={previousSignupStep} aria-label={copy.signup.back}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7l7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        <progress className={styles['progress']} max={steps.length} value={index + 1} aria-hidden="true" />
        <span className={styles['stepCount']}>{copy.signup.step(index + 1, steps.length)}</span>
      </div>

      {/* Until the page guard ran (after hydration) nothing can be changed: a tap would be lost. */}
      <fieldset className={styles['body']} disabled={!allowed}>
        {state.step === 'role' && <RoleStep state={state} headingRef={headingRef} />}
        {state.step === 'basic' && <BasicInfoStep state={state} headingRef={headingRef} />}
        {state.step === 'profile' && <ProfileStep state={state} headingRef={headingRef} />}
        {state.step === 'survey' && <SurveyStep state={state} headingRef={headingRef} />}
        {state.step === 'terms' && <TermsStep state={state} headingRef={headingRef} links={termsLinks} />}
      </fieldset>

      <div className={styles['footer']}>
        {submitError && (
          <p className={styles['error']} role="alert">
            {submitError}
          </p>
        )}
        <button type="submit" className={styles['next']} disabled={!enabled} aria-busy={submitting}>
          {isLast ? (submitting ? copy.signup.submitting : copy.signup.submit) : copy.signup.next}
        </button>
      </div>
    </form>
  );
}
