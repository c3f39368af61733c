import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { memberCopy } from '#lib/copy-member';
import { PROFILE_PICKS, canSavePhotographerProfile } from '#lib/member-forms';
import { isSingleUploading } from '#stores/image-uploads';
import {
  $photographerEdit,
  openPhotographerEditor,
  photographerChips,
  photographerName,
  photographerPicture,
  submitPhotographerProfile,
} from '#stores/profile-edit';
import { EditorNameInput } from './member/EditorNameInput';
import { MemberGate } from './member/MemberGate';
import { PickFields } from './member/PickFields';
import { ProfilePictureField } from './member/ProfilePictureField';
import { ProfileForm } from './member/ProfileForm';

/** /edit/photographer: picture, business or activity name with its check, 1–3 types, 1–5 regions. */
export function EditPhotographerForm() {
  const state = useStore($photographerEdit);
  const upload = useStore(photographerPicture.$upload);
  useEffect(() => {
    void openPhotographerEditor();
  }, []);
  return (
    <MemberGate onRetry={() => void openPhotographerEditor()} loading={state === null}>
      {state && (
        <ProfileForm
          onSubmit={submitPhotographerProfile}
          canSave={canSavePhotographerProfile(state, isSingleUploading(upload))}
        >
          <ProfilePictureField id="edit-photographer-picture" image={state.profileImage} store={photographerPicture} />
          <EditorNameInput id="edit-photographer-name" editing={photographerName} state={state} />
          <PickFields picks={state} limits={PROFILE_PICKS} toggles={photographerChips} texts={memberCopy.edit} />
        </ProfileForm>
      )}
    </MemberGate>
  );
}
