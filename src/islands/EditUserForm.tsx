import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { memberCopy } from '#lib/copy-member';
import { GENDER_LABELS } from '#lib/domain';
import { canSaveUserProfile } from '#lib/member-forms';
import { isSingleUploading } from '#stores/image-uploads';
import { $gate } from '#stores/member';
import {
  $nameError,
  $saveError,
  $saving,
  $userEdit,
  checkUserNickname,
  deleteUserPicture,
  openUserEditor,
  setUserInstagram,
  setUserNickname,
  submitUserProfile,
  userPicture,
} from '#stores/profile-edit';
import { MemberGate } from './member/MemberGate';
import { InstagramInput } from './member/InstagramInput';
import { NameInput } from './member/NameInput';
import { ProfilePictureField } from './member/ProfilePictureField';
import styles from './member/member-styles';

/** /edit/user: picture, nickname with its check, instagramId; gender read-only. */
export function EditUserForm() {
  const state = useStore($userEdit);
  const gate = useStore($gate);
  const upload = useStore(userPicture.$upload);
  const nameError = useStore($nameError);
  const saving = useStore($saving);
  const saveError = useStore($saveError);
  useEffect(() => {
    void openUserEditor();
  }, []);
  const t = memberCopy.edit;
  const me = gate.status === 'ready' ? gate.me : null;
  const enabled = state !== null && canSaveUserProfile(state, isSingleUploading(upload)) && !saving;
  return (
    <MemberGate onRetry={() => void openUserEditor()} loading={state === null}>
      {state && me && (
        <form
          className={styles['page']}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitUserProfile();
          }}
        >
          <ProfilePictureField
            id="edit-user-picture"
            image={state.profileImage}
            store={userPicture}
            onDelete={deleteUserPicture}
          />
          <NameInput
            id="edit-user-nickname"
            kind="USER"
            field={state.nickname}
            original={state.original.nickname}
            checkError={nameError}
            onInput={setUserNickname}
            onCheck={() => void checkUserNickname()}
          />
          <InstagramInput id="edit-user-instagram" value={state.instagramId} onInput={setUserInstagram} />
          <div className={styles['field']}>
            <label className={styles['label']} htmlFor="edit-user-gender">
              {t.gender}
            </label>
            <input
              id="edit-user-gender"
              className={styles['input']}
              type="text"
              readOnly
              aria-readonly="true"
              value={me.gender ? GENDER_LABELS[me.gender] : t.genderUnknown}
              aria-describedby="edit-user-gender-help"
            />
            <p id="edit-user-gender-help" className={styles['help']}>
              {t.genderReadOnly}
            </p>
          </div>
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
