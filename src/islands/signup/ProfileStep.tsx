import { copy } from '#lib/copy';
import { memberCopy } from '#lib/copy-member';
import { PROFILE_PICKS } from '#lib/member-forms';
import { profileChips, signupPicture } from '#stores/signup';
import { ProfilePictureField } from '#islands/member/ProfilePictureField';
import { PickFields } from '#islands/member/PickFields';
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
      <PickFields picks={state} limits={PROFILE_PICKS} toggles={profileChips} texts={memberCopy.edit} />
    </div>
  );
}
