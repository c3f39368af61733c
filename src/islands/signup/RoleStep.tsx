import { copy } from '#lib/copy';
import { SIGNUP_ROLES } from '#lib/rules/signup';
import { chooseRole } from '#stores/signup';
import styles from '#islands/SignupWizard.module.css';
import { radio } from '#islands/inputs';
import type { StepProps } from './types';

export function RoleStep({ state, headingRef }: StepProps) {
  return (
    <fieldset className={styles['step']}>
      <legend className={styles['legend']}>
        <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
          {copy.signup.role.heading}
        </h2>
      </legend>
      <div className={styles['roles']}>
        {SIGNUP_ROLES.map((role) => (
          <label key={role} className={styles['roleCard']}>
            <input {...radio('role', role, state.role, chooseRole)} className={styles['visuallyHiddenInput']} />
            <span className={styles['roleTitle']}>{copy.signup.role[role]}</span>
            <span className={styles['roleDesc']}>{copy.signup.role[`${role}_DESC`]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
