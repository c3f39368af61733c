import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { copy } from '../../lib/copy';
import { GENDERS, GENDER_LABELS } from '../../lib/domain';
import {
  GENDER_MESSAGES,
  INSTAGRAM_ID_MESSAGES,
  PHOTOGRAPHER_NAME_HINTS,
  PHOTOGRAPHER_NAME_MESSAGES,
  USER_NICKNAME_HINTS,
  USER_NICKNAME_MESSAGES,
} from '../../lib/rules/member';
import { canCheckNickname, isNicknameConfirmed, validateSignupName, type SignupState } from '../../lib/signup';
import { $signupFeedback, checkNickname, setGender, setInstagramId, setNickname } from '../../stores/signup';
import styles from '../SignupWizard.module.css';
import type { StepProps } from './types';

type Tone = 'neutral' | 'error' | 'success';

/**
 * The line under the name field: hint, format error, or the check's result (red duplicate). An empty
 * field shows the hint until the member has typed in it; emptied, it asks for a name (as the edit form).
 */
export function nicknameStatus(
  state: SignupState,
  checkError: string | null,
  typed: boolean,
): { tone: Tone; text: string } {
  const photographer = state.role === 'PHOTOGRAPHER';
  const hints = photographer ? PHOTOGRAPHER_NAME_HINTS : USER_NICKNAME_HINTS;
  const messages = photographer ? PHOTOGRAPHER_NAME_MESSAGES : USER_NICKNAME_MESSAGES;
  if (checkError) return { tone: 'error', text: checkError };
  if (state.nickname.trim() === '') {
    return typed ? { tone: 'error', text: messages.empty } : { tone: 'neutral', text: hints.long };
  }
  const format = validateSignupName(state.role, state.nickname);
  if (!format.ok) return { tone: 'error', text: format.message };
  if (state.nicknameCheck === 'duplicate' && state.checkedNickname === format.value) {
    return { tone: 'error', text: messages.duplicate };
  }
  if (isNicknameConfirmed(state)) return { tone: 'success', text: messages.available };
  return { tone: 'neutral', text: messages.checkRequired };
}

export function BasicInfoStep({ state, headingRef }: StepProps) {
  const { nicknameError } = useStore($signupFeedback);
  const photographer = state.role === 'PHOTOGRAPHER';
  // Coming back to this step with a name counts as typed: emptying it then is an error at once.
  const [typed, setTyped] = useState(state.nickname !== '');
  const status = nicknameStatus(state, nicknameError, typed);
  const checking = state.nicknameCheck === 'checking';
  return (
    <div className={styles['step']}>
      <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
        {copy.signup.basic.heading}
      </h2>

      <div className={styles['field']}>
        <label htmlFor="signup-nickname" className={styles['label']}>
          {photographer ? copy.signup.basic.photographerNameLabel : copy.signup.basic.nicknameLabel}
        </label>
        <div className={styles['inputRow']}>
          <input
            id="signup-nickname"
            className={styles['input']}
            type="text"
            autoComplete="nickname"
            value={state.nickname}
            placeholder={photographer ? PHOTOGRAPHER_NAME_HINTS.short : USER_NICKNAME_HINTS.short}
            aria-describedby="signup-nickname-status"
            aria-invalid={status.tone === 'error'}
            onChange={(e) => {
              setTyped(true);
              setNickname(e.target.value);
            }}
            onKeyDown={(e) => {
              // Enter checks the name instead of submitting the step.
              if (e.key === 'Enter') {
                e.preventDefault();
                if (canCheckNickname(state)) void checkNickname();
              }
            }}
          />
          <button
            type="button"
            className={styles['checkButton']}
            disabled={!canCheckNickname(state)}
            aria-busy={checking}
            onClick={() => void checkNickname()}
          >
            {checking ? copy.signup.basic.checking : copy.signup.basic.check}
          </button>
        </div>
        <p
          id="signup-nickname-status"
          className={`${styles['status']} ${styles[status.tone]}`}
          aria-live="polite"
          data-tone={status.tone}
        >
          {status.text}
        </p>
      </div>

      <fieldset className={styles['field']} aria-describedby="signup-gender-help">
        <legend className={styles['label']}>{copy.signup.basic.genderLabel}</legend>
        <div className={styles['segmented']}>
          {GENDERS.map((g) => (
            <label key={g} className={styles['segment']}>
              <input
                type="radio"
                name="gender"
                value={g}
                checked={state.gender === g}
                onChange={() => setGender(g)}
                className={styles['visuallyHiddenInput']}
              />
              <span>{GENDER_LABELS[g]}</span>
            </label>
          ))}
        </div>
        <p id="signup-gender-help" className={styles['status']}>
          {GENDER_MESSAGES.helper}
        </p>
      </fieldset>

      <div className={styles['field']}>
        <label htmlFor="signup-instagram" className={styles['label']}>
          {copy.signup.basic.instagramLabel} <span className={styles['optional']}>{copy.signup.basic.optional}</span>
        </label>
        <div className={styles['prefixed']}>
          <span aria-hidden="true">@</span>
          <input
            id="signup-instagram"
            className={styles['input']}
            type="text"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={state.instagramId}
            placeholder={INSTAGRAM_ID_MESSAGES.placeholder}
            aria-describedby="signup-instagram-help"
            onChange={(e) => setInstagramId(e.target.value)}
          />
        </div>
        <p id="signup-instagram-help" className={styles['status']}>
          {copy.signup.basic.instagramHelp}
        </p>
      </div>
    </div>
  );
}
