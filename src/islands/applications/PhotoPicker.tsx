import { useStore } from '@nanostores/react';
import { APPLICATION_LIMITS } from '#lib/applications';
import { applicationCopy } from '#lib/copy-applications';
import { memberCopy } from '#lib/copy-member';
import type { PhotoPickerCopy } from '#lib/copy-photos';
import type { ApplicationPhotos } from '#stores/application-photos';
import { SlotFailure } from '#islands/member/SlotFailure';
import { UploadProgress } from '#islands/member/UploadProgress';
import member from '#islands/member/member-styles';
import { CloseIcon } from '#islands/CloseIcon';

/** What the picker says: an application's 참고 사진 by default. */
export interface PhotoPickerTexts extends PhotoPickerCopy {
  required: string;
  optional: string;
}

interface Props {
  id: string;
  photos: ApplicationPhotos;
  texts?: PhotoPickerTexts;
  max?: number;
  required: boolean;
  /** The rule's message once the member tried to send. */
  problem: string | null;
}

/**
 * 참고 사진: up to 3, each previewed from the picked file (the stored photo is private), with its upload
 * progress, a retry after a failure and a remove button.
 */
export function PhotoPicker({
  id,
  photos,
  required,
  problem,
  texts = applicationCopy.sheet,
  max = APPLICATION_LIMITS.photos,
}: Props) {
  const t = texts;
  const slots = useStore(photos.list.$slots);
  const previews = useStore(photos.$previews);
  const notice = useStore(photos.list.$notice);
  const full = slots.length >= max;
  return (
    <fieldset className={member['field']} aria-describedby={`${id}-hint ${id}-notice`}>
      <legend className={member['label']}>
        {t.photos}
        <span className={member['labelNote']}>{required ? t.required : t.optional}</span>
        <span className={member['labelNote']}>{memberCopy.images.count(slots.length, max)}</span>
      </legend>
      <p id={`${id}-hint`} className={member['help']}>
        {t.photosHint(max)}
      </p>
      <ul className={member['imageGrid']}>
        {slots.map((slot, index) => {
          const n = index + 1;
          const preview = previews[slot.key];
          return (
            <li key={slot.key} className={member['imageItem']} data-phase={slot.phase}>
              <div className={member['imageThumb']}>
                {preview && slot.phase !== 'error' && (
                  <img src={preview} alt={t.photoAlt(n)} width={160} height={160} />
                )}
                {(slot.phase === 'compressing' || slot.phase === 'uploading') && (
                  <UploadProgress phase={slot.phase} progress={slot.progress} label={t.photoAlt(n)} />
                )}
                {slot.phase === 'error' && (
                  <SlotFailure
                    slot={slot}
                    onRetry={() => photos.list.retry(slot.key)}
                    onReplace={(file) => photos.replace(slot.key, file)}
                  />
                )}
              </div>
              <div className={member['imageActions']}>
                <button
                  type="button"
                  className={member['iconButton']}
                  aria-label={t.photoRemove(n)}
                  onClick={() => photos.remove(slot.key)}
                >
                  <CloseIcon />
                </button>
              </div>
            </li>
          );
        })}
        {!full && (
          <li>
            <label className={member['addTile']}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 5v14M5 12h14" />
              </svg>
              <span>{t.photoAdd}</span>
              <input
                id={id}
                type="file"
                accept="image/*"
                multiple
                aria-label={t.photoAddLabel}
                aria-describedby={`${id}-hint ${id}-notice`}
                onChange={(e) => {
                  const files = Array.from(e.target.files ?? []);
                  e.target.value = '';
                  photos.add(files);
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <div id={`${id}-notice`} aria-live="polite">
        {notice && (
          <p className={member['error']} role="alert">
            {notice}
          </p>
        )}
        {!notice && problem && <p className={member['error']}>{problem}</p>}
      </div>
    </fieldset>
  );
}
