import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { copy } from '#lib/copy';
import { GENDERS, GENDER_LABELS } from '#lib/domain';
import {
  GENDER_MESSAGES,
  INSTAGRAM_ID_MESSAGES,
  PHOTOGRAPHER_NAME_HINTS,
  PHOTOGRAPHER_NAME_MESSAGES,
  USER_NICKNAME_HINTS,
  USER_NICKNAME_MESSAGES,
} from '#lib/rules/member';
import type { NameStatus } from '#lib/member-forms';
import { isNicknameConfirmed, signupNameField, validateSignupName, type SignupState } from '#lib/signup';
import { $signupFeedback, checkNickname, setGender, setInstagramId, setNickname } from '#stores/signup';
import { InstagramInput } from '#islands/member/InstagramInput';
import { NameInput } from '#islands/member/NameInput';
import styles from '#islands/SignupWizard.module.css';
import { radio } from '#islands/inputs';
import type { StepProps } from './types';

/**
 * The line under the name field: hint, format error, or the check's result (red duplicate). An empty
 * field shows the hint until the member has typed in it; emptied, it asks for a name (as the edit form).
 */
export function nicknameStatus(state: SignupState, checkError: string | null, typed: boolean): NameStatus {
  const photographer = state.role === 'PHOTOGRAPHER';
  const hints = photographer ? PHOTOGRAPHER_NAME_HINTS : USER_NICKNAME_HINTS;
  const messages = photographer ? PHOTOGRAPHER_NAME_MESSAGES : USER_NICKNAME_MESSAGES;
  if (checkError) return { tone: 'error', message: checkError };
  if (state.nickname.trim() === '') {
    return typed ? { tone: 'error', message: messages.empty } : { tone: 'hint', message: hints.long };
  }
  const format = validateSignupName(state.role, state.nickname);
  if (!format.ok) return { tone: 'error', message: format.message };
  if (state.nicknameCheck === 'duplicate' && state.checkedNickname === format.value) {
    return { tone: 'error', message: messages.duplicate };
  }
  if (isNicknameConfirmed(state)) return { tone: 'success', message: messages.available };
  return { tone: 'hint', message: messages.checkRequired };
}

export function BasicInfoStep({ state, headingRef }: StepProps) {
  const { nicknameError } = useStore($signupFeedback);
  const photographer = state.role === 'PHOTOGRAPHER';
  // Coming back to this step with a name counts as typed: emptying it then is an error at once.
  const [typed, setTyped] = useState(state.nickname !== '');
  const status = nicknameStatus(state, nicknameError, typed);
  return (
    <div className={styles['step']}>
      <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
        {copy.signup.basic.heading}
      </h2>

      <NameInput
        id="signup-nickname"
        kind={state.role ?? 'USER'}
        field={signupNameField(state)}
        original=""
        checkError={nicknameError}
        placeholder={photographer ? PHOTOGRAPHER_NAME_HINTS.short : USER_NICKNAME_HINTS.short}
        status={status}
        checkOnEnter
        onInput={(value) => {
          setTyped(true);
          setNickname(value);
        }}
        onCheck={() => void checkNickname()}
      />

      <fieldset className={styles['field']} aria-describedby="signup-gender-help">
        <legend className={styles['label']}>{copy.signup.basic.genderLabel}</legend>
        <div className={styles['segmented']}>
          {GENDERS.map((g) => (
            <label key={g} className={styles['segment']}>
              <input {...radio('gender', g, state.gender, setGender)} className={styles['visuallyHiddenInput']} />
              <span>{GENDER_LABELS[g]}</span>
            </label>
          ))}
        </div>
        <p id="signup-gender-help" className={styles['status']}>
          {GENDER_MESSAGES.helper}
        </p>
      </fieldset>

      <InstagramInput
        id="signup-instagram"
        value={state.instagramId}
        onInput={setInstagramId}
        placeholder={INSTAGRAM_ID_MESSAGES.placeholder}
        atSign
      />
    </div>
  );
}
