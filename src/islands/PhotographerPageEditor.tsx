import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { memberCopy } from '#lib/copy-member';
import { hasUnfinished, slotImages } from '#lib/image-list';
import { DESCRIPTION_MAX, canSavePhotographerPage } from '#lib/member-forms';
import { validateContactLink, validatePhotographerDescription } from '#lib/rules/member';
import {
  $pageEditor,
  openPageEditor,
  portfolio,
  setAddress,
  setContactLink,
  setIntro,
  setPageInstagram,
  submitPhotographerPage,
} from '#stores/profile-edit';
import { AddressField } from './member/AddressField';
import { CharCounter } from './member/CharCounter';
import { ImageListField } from './member/ImageListField';
import { InstagramInput } from './member/InstagramInput';
import { MemberGate } from './member/MemberGate';
import { ProfileForm } from './member/ProfileForm';
import styles from './member/member-styles';
import { FieldHelp } from './member/FieldHelp';
import { ADDRESS_TYPING } from './inputs';

interface Props {
  /** The postcode widget's script URL (configuration). */
  postcodeScriptUrl: string;
}

/** /edit/photographer/detail: portfolio, address, instagramId, representative link and the intro. */
export function PhotographerPageEditor({ postcodeScriptUrl }: Props) {
  const state = useStore($pageEditor);
  const slots = useStore(portfolio.$slots);
  useEffect(() => {
    void openPageEditor();
  }, []);
  const t = memberCopy.edit;
  const link = state ? validateContactLink(state.contactLink) : null;
  const linkError = state && state.contactLink.trim() !== '' && link && !link.ok ? link.message : null;
  // Whatever keeps 저장하기 greyed in a written intro says why (too long, direction controls, nothing
  // visible); an empty one is the required mark's business.
  const intro = state ? validatePhotographerDescription(state.description) : null;
  const introError = state && state.description.trim() !== '' && intro && !intro.ok ? intro.message : null;
  return (
    <MemberGate onRetry={() => void openPageEditor()} loading={state === null}>
      {state && (
        <ProfileForm
          onSubmit={submitPhotographerPage}
          canSave={canSavePhotographerPage(state, slotImages(slots), hasUnfinished(slots))}
          saveLabel={t.pageSave}
        >
          <ImageListField id="page-portfolio" label={t.portfolio} hint={t.portfolioHint} store={portfolio} />
          <AddressField address={state.address} scriptUrl={postcodeScriptUrl} onChange={setAddress} />
          <InstagramInput id="page-instagram" value={state.instagramId} onInput={setPageInstagram} />
          <div className={styles['field']}>
            <label className={styles['label']} htmlFor="page-contact-link">
              {t.contactLink}
              <span className={styles['labelNote']}>{t.optional}</span>
            </label>
            <input
              id="page-contact-link"
              className={styles['input']}
              type="url"
              {...ADDRESS_TYPING}
              autoComplete="url"
              placeholder="https://"
              value={state.contactLink}
              aria-invalid={linkError !== null}
              aria-describedby="page-contact-link-help"
              onChange={(e) => setContactLink(e.target.value)}
            />
            <FieldHelp id="page-contact-link-help" error={linkError} hint={t.contactLinkHelp} />
          </div>
          <div className={styles['field']}>
            <label className={`${styles['label']} ${styles['required']}`} htmlFor="page-intro">
              {t.intro}
            </label>
            <textarea
              id="page-intro"
              className={styles['textarea']}
              value={state.description}
              placeholder={t.introPlaceholder}
              aria-invalid={introError !== null}
              aria-describedby="page-intro-count page-intro-error"
              onChange={(e) => setIntro(e.target.value)}
            />
            <CharCounter id="page-intro-count" text={state.description.trim()} max={DESCRIPTION_MAX} />
            <p id="page-intro-error" className={styles['error']} aria-live="polite">
              {introError}
            </p>
          </div>
        </ProfileForm>
      )}
    </MemberGate>
  );
}
