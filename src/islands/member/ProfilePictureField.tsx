import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { memberCopy } from '#lib/copy-member';
import type { Image } from '#lib/domain';
import type { SingleImageStore } from '#stores/image-uploads';
import { AvatarPicture } from './AvatarPicture';
import { UploadProgress } from './UploadProgress';
import styles from './member-styles';

interface Props {
  id: string;
  image: Image | null;
  store: SingleImageStore;
  /** The delete-picture link (edit user). */
  onDelete?: (() => void) | undefined;
  /** The preview's text (default: the editors'). */
  alt?: string;
  /** Said once the picture is stored (sign-up, where nothing else confirms it). */
  doneMessage?: string;
}

/** The profile picture: preview, pick (compressed from 3 MB, with progress), retry and delete. */
export function ProfilePictureField({ id, image, store, onDelete, alt, doneMessage }: Props) {
  const upload = useStore(store.$upload);
  const fileRef = useRef<HTMLInputElement>(null);
  const t = memberCopy.edit;
  const busy = upload.phase === 'compressing' || upload.phase === 'uploading';
  const statusId = `${id}-status`;
  return (
    <div className={styles['field']}>
      <span className={styles['label']} id={`${id}-label`}>
        {t.picture}
      </span>
      <div className={styles['pictureRow']}>
        <div className={styles['avatar']}>
          <AvatarPicture url={image?.url} alt={alt ?? t.pictureAlt} size={88} iconSize={40} />
          {!image && <span className="sr-only">{t.pictureNone}</span>}
        </div>
        <div className={styles['pictureActions']}>
          <input
            ref={fileRef}
            id={id}
            type="file"
            accept="image/*"
            className={styles['fileInput']}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              store.pick(file);
            }}
          />
          <button
            type="button"
            className={styles['secondary']}
            disabled={busy}
            aria-describedby={statusId}
            onClick={() => fileRef.current?.click()}
          >
            {image ? t.pictureChange : t.picturePick}
          </button>
          {onDelete && image && !busy && (
            <button type="button" className={styles['linkButton']} onClick={onDelete}>
              {t.pictureDelete}
            </button>
          )}
        </div>
      </div>
      <div id={statusId} aria-live="polite">
        {busy && (
          <UploadProgress
            phase={upload.phase as 'compressing' | 'uploading'}
            progress={upload.progress}
            label={t.picture}
          />
        )}
        {upload.phase === 'done' && doneMessage && <p className={styles['help']}>{doneMessage}</p>}
        {upload.phase === 'error' && upload.error && (
          <p className={styles['error']} role="alert">
            {upload.error}{' '}
            {upload.retryable ? (
              <button type="button" className={styles['linkButton']} onClick={() => store.retry()}>
                {memberCopy.images.retry}
              </button>
            ) : (
              <button type="button" className={styles['linkButton']} onClick={() => fileRef.current?.click()}>
                {memberCopy.images.pickAnother}
              </button>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
