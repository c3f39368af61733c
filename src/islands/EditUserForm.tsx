import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { memberCopy } from '#lib/copy-member';
import { GENDER_LABELS } from '#lib/domain';
import { canSaveUserProfile } from '#lib/member-forms';
import { isSingleUploading } from '#stores/image-uploads';
import { $gate } from '#stores/member';
import {
  $userEdit,
  deleteUserPicture,
  openUserEditor,
  setUserInstagram,
  submitUserProfile,
  userName,
  userPicture,
} from '#stores/profile-edit';
import { EditorNameInput } from './member/EditorNameInput';
import { MemberGate } from './member/MemberGate';
import { InstagramInput } from './member/InstagramInput';
import { ProfilePictureField } from './member/ProfilePictureField';
import { ProfileForm } from './member/ProfileForm';
import { ReadOnlyField } from './member/ReadOnlyField';

/** /edit/user: picture, nickname with its check, instagramId; gender read-only. */
export function EditUserForm() {
  const state = useStore($userEdit);
  const gate = useStore($gate);
  const upload = useStore(userPicture.$upload);
  useEffect(() => {
    void openUserEditor();
  }, []);
  const t = memberCopy.edit;
  const me = gate.status === 'ready' ? gate.me : null;
  return (
    <MemberGate onRetry={() => void openUserEditor()} loading={state === null}>
      {state && me && (
        <ProfileForm onSubmit={submitUserProfile} canSave={canSaveUserProfile(state, isSingleUploading(upload))}>
          <ProfilePictureField
            id="edit-user-picture"
            image={state.profileImage}
            store={userPicture}
            onDelete={deleteUserPicture}
          />
          <EditorNameInput id="edit-user-nickname" editing={userName} state={state} />
          <InstagramInput id="edit-user-instagram" value={state.instagramId} onInput={setUserInstagram} />
          <ReadOnlyField
            id="edit-user-gender"
            label={t.gender}
            value={me.gender ? GENDER_LABELS[me.gender] : t.genderUnknown}
            help={t.genderReadOnly}
          />
        </ProfileForm>
      )}
    </MemberGate>
  );
}
