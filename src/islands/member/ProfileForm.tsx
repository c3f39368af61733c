import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { memberCopy } from '#lib/copy-member';
import { $saveError, $saving } from '#stores/profile-edit';
import styles from './member-styles';

interface Props {
  /** Sends the form (the store keeps `$saving` and `$saveError`). */
  onSubmit: () => Promise<void>;
  /** Everything the page asks for is there and valid (saving aside). */
  canSave: boolean;
  /** The button's words when it is not saving. */
  saveLabel?: string;
  /** The page's fields. */
  children: ReactNode;
}

/** The member edit pages' form: their fields, then the save failure and 저장하기 at the bottom. */
export function ProfileForm({ onSubmit, canSave, saveLabel = memberCopy.edit.save, children }: Props) {
  const saving = useStore($saving);
  const saveError = useStore($saveError);
  return (
    <form
      className={styles['page']}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <div className={styles['submitBar']}>
        {saveError && (
          <p className={styles['error']} role="alert">
            {saveError}
          </p>
        )}
        <button type="submit" className={styles['primary']} disabled={!canSave || saving}>
          {saving ? memberCopy.edit.saving : saveLabel}
        </button>
      </div>
    </form>
  );
}
