import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { memberCopy } from '#lib/copy-member';
import { canSavePhotographerProfile } from '#lib/member-forms';
import { isSingleUploading } from '#stores/image-uploads';
import {
  $nameError,
  $photographerEdit,
  $saveError,
  $saving,
  checkPhotographerName,
  openPhotographerEditor,
  photographerPicture,
  setPhotographerName,
  submitPhotographerProfile,
  togglePhotographerRegion,
  togglePhotographerType,
} from '#stores/profile-edit';
import { MemberGate } from './member/MemberGate';
import { NameInput } from './member/NameInput';
import { ProfileChoices } from './member/ProfileChoices';
import { ProfilePictureField } from './member/ProfilePictureField';
import styles from './member/member-styles';

/** /edit/photographer: picture, business or activity name with its check, 1–3 types, 1–5 regions. */
export function EditPhotographerForm() {
  const state = useStore($photographerEdit);
  const upload = useStore(photographerPicture.$upload);
  const nameError = useStore($nameError);
  const saving = useStore($saving);
  const saveError = useStore($saveError);
  useEffect(() => {
    void openPhotographerEditor();
  }, []);
  const t = memberCopy.edit;
  const enabled = state !== null && canSavePhotographerProfile(state, isSingleUploading(upload)) && !saving;
  return (
    <MemberGate onRetry={() => void openPhotographerEditor()} loading={state === null}>
      {state && (
        <form
          className={styles['page']}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitPhotographerProfile();
          }}
        >
          <ProfilePictureField id="edit-photographer-picture" image={state.profileImage} store={photographerPicture} />
          <NameInput
            id="edit-photographer-name"
            kind="PHOTOGRAPHER"
            field={state.nickname}
            original={state.original.nickname}
            checkError={nameError}
            onInput={setPhotographerName}
            onCheck={() => void checkPhotographerName()}
          />
          <ProfileChoices
            types={state.photographyTypes}
            regions={state.regions}
            onToggleType={togglePhotographerType}
            onToggleRegion={togglePhotographerRegion}
          />
          <div className={styles['submitBar']}>
            {saveError && (
              <p className={styles['error']} role="alert">
                {saveError}
              </p>
            )}
            <button type="submit" className={styles['primary']} disabled={!enabled}>
              {saving ? t.saving : t.save}
            </button>
          </div>
        </form>
      )}
    </MemberGate>
  );
}
