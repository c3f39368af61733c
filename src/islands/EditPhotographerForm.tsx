import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { canSavePhotographerProfile } from '#lib/member-forms';
import { isSingleUploading } from '#stores/image-uploads';
import {
  $nameError,
  $photographerEdit,
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
import { ProfileForm } from './member/ProfileForm';

/** /edit/photographer: picture, business or activity name with its check, 1–3 types, 1–5 regions. */
export function EditPhotographerForm() {
  const state = useStore($photographerEdit);
  const upload = useStore(photographerPicture.$upload);
  const nameError = useStore($nameError);
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
        </ProfileForm>
      )}
    </MemberGate>
  );
}
