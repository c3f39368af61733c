import { copy } from '#lib/copy';
import { signupPicture, togglePhotographyType, toggleRegion } from '#stores/signup';
import { ProfilePictureField } from '#islands/member/ProfilePictureField';
import { ProfileChoices } from '#islands/member/ProfileChoices';
import styles from '#islands/SignupWizard.module.css';
import type { StepProps } from './types';

/** The photographer's profile, built from the editors' picture, type and region fields. */
export function ProfileStep({ state, headingRef }: StepProps) {
  return (
    <div className={styles['step']}>
      <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
        {copy.signup.profile.heading}
      </h2>
      <ProfilePictureField
        id="signup-image"
        image={state.profileImage}
        store={signupPicture}
        alt={copy.signup.profile.imageAlt}
        doneMessage={copy.signup.profile.uploaded}
      />
      <ProfileChoices
        types={state.photographyTypes}
        regions={state.regions}
        onToggleType={togglePhotographyType}
        onToggleRegion={toggleRegion}
      />
    </div>
  );
}
