import { copy } from '#lib/copy';
import { TERMS_MESSAGES, termsFor, type TermsLinks } from '#lib/rules/signup';
import { allTermsAgreed } from '#lib/signup';
import { setAllTerms, setTerm } from '#stores/signup';
import styles from '#islands/SignupWizard.module.css';
import type { StepProps } from './types';

interface Props extends StepProps {
  links: TermsLinks;
}

export function TermsStep({ state, headingRef, links }: Props) {
  if (!state.role) return null;
  return (
    <fieldset className={styles['step']}>
      <legend className={styles['legend']}>
        <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
          {copy.signup.terms.heading}
        </h2>
      </legend>
      <label className={`${styles['option']} ${styles['agreeAll']}`}>
        <input type="checkbox" checked={allTermsAgreed(state)} onChange={(e) => setAllTerms(e.target.checked)} />
        <span>{copy.signup.terms.all}</span>
      </label>
      <ul className={styles['termsList']}>
        {termsFor(state.role).map((item) => {
          const href = links[item.id];
          return (
            <li key={item.id} className={styles['termsItem']}>
              <label className={styles['option']}>
                <input
                  type="checkbox"
                  checked={state.agreedTerms.includes(item.id)}
                  onChange={(e) => setTerm(item.id, e.target.checked)}
                />
                <span>
                  {item.required && <span className={styles['required']}>{TERMS_MESSAGES.requiredTag} </span>}
                  {item.label}
                </span>
              </label>
              {href && (
                <a className={styles['termsLink']} href={href} target="_blank" rel="noopener noreferrer">
                  {copy.signup.terms.view}
                  <span className="sr-only">
                    {item.label} {copy.login.newWindow}
                  </span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
