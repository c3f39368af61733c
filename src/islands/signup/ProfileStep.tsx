import { copy } from '../../lib/copy';
import { memberCopy } from '../../lib/copy-member';
import { MAX_PROFILE_REGIONS, MAX_PROFILE_TYPES } from '../../lib/member-forms';
import { signupPicture, togglePhotographyType, toggleRegion } from '../../stores/signup';
import { ProfilePictureField } from '../member/ProfilePictureField';
import { RegionPicker } from '../member/RegionPicker';
import { TypeChips } from '../member/TypeChips';
import styles from '../SignupWizard.module.css';
import type { StepProps } from './types';

/** The photographer's profile, built from the editors' picture, type and region fields. */
export function ProfileStep({ state, headingRef }: StepProps) {
  const t = memberCopy.edit;
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
      <TypeChips
        label={t.types}
        hint={t.typesHint}
        selected={state.photographyTypes}
        max={MAX_PROFILE_TYPES}
        onToggle={togglePhotographyType}
      />
      <RegionPicker
        label={t.regions}
        hint={t.regionsHint}
        selected={state.regions}
        max={MAX_PROFILE_REGIONS}
        onToggle={toggleRegion}
      />
    </div>
  );
}
