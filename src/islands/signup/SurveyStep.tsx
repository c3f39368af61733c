import { copy } from '#lib/copy';
import { SIGNUP_SOURCES, SIGNUP_SOURCE_LABELS } from '#lib/domain';
import { toggleSignupSource } from '#stores/signup';
import styles from '#islands/SignupWizard.module.css';
import type { StepProps } from './types';

export function SurveyStep({ state, headingRef }: StepProps) {
  return (
    <fieldset className={styles['step']} aria-describedby="signup-survey-hint">
      <legend className={styles['legend']}>
        <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
          {copy.signup.survey.heading}
        </h2>
      </legend>
      <p id="signup-survey-hint" className={styles['hint']}>
        {copy.signup.survey.hint}
      </p>
      <div className={styles['options']}>
        {SIGNUP_SOURCES.map((source) => (
          <label key={source} className={styles['option']}>
            <input
              type="checkbox"
              checked={state.signupSources.includes(source)}
              onChange={() => toggleSignupSource(source)}
            />
            <span>{SIGNUP_SOURCE_LABELS[source]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
