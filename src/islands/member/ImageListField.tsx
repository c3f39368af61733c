import { useStore } from '@nanostores/react';
import { memberCopy } from '#lib/copy-member';
import { thumbnailUrlFor } from '#lib/media-urls';
import type { ImageListStore } from '#stores/image-uploads';
import { SlotFailure } from './SlotFailure';
import { UploadProgress } from './UploadProgress';
import styles from './member-styles';
import { CloseIcon } from '#islands/CloseIcon';

interface Props {
  id: string;
  label: string;
  hint: string;
  store: ImageListStore;
  /** A message about the whole list (e.g. none attached yet), tied to the input. */
  problem?: string | null | undefined;
}

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/**
 * An ordered picture list (portfolio, banner photos): add several at once (image files only, over the
 * limit opens the limit modal), each with its compression and upload progress, a retry after a failure,
 * remove, and move earlier or later. The first one is the main picture.
 */
export function ImageListField({ id, label, hint, store, problem }: Props) {
  const slots = useStore(store.$slots);
  const notice = useStore(store.$notice);
  const t = memberCopy.images;
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const full = slots.length >= store.max;
  return (
    <fieldset className={styles['field']} aria-describedby={`${hintId} ${noticeId}`}>
      <legend className={`${styles['label']} ${styles['required']}`}>
        {label}
        <span className={styles['labelNote']}>{t.count(slots.length, store.max)}</span>
      </legend>
      <p id={hintId} className={styles['help']}>
        {hint}
      </p>
      <ul className={styles['imageGrid']}>
        {slots.map((slot, index) => {
          const n = index + 1;
          return (
            <li key={slot.key} className={styles['imageItem']} data-phase={slot.phase}>
              <div className={styles['imageThumb']}>
                {slot.phase === 'done' && slot.image && (
                  <img src={thumbnailUrlFor(slot.image.url)} alt={t.alt(label, n)} width={160} height={160} />
                )}
                {(slot.phase === 'compressing' || slot.phase === 'uploading') && (
                  <UploadProgress phase={slot.phase} progress={slot.progress} label={t.alt(label, n)} />
                )}
                {slot.phase === 'error' && (
                  <SlotFailure
                    slot={slot}
                    onRetry={() => store.retry(slot.key)}
                    onReplace={(file) => store.replace(slot.key, file)}
                  />
                )}
                {index === 0 && slot.phase === 'done' && <span className={styles['mainBadge']}>{t.main}</span>}
              </div>
              <div className={styles['imageActions']}>
                <button
                  type="button"
                  className={styles['iconButton']}
                  aria-label={t.moveEarlier(n)}
                  disabled={index === 0}
                  onClick={() => store.move(slot.key, -1)}
                >
                  <Arrow direction="left" />
                </button>
                <button
                  type="button"
                  className={`${styles['iconButton']} ${styles['removeButton']}`}
                  aria-label={t.remove(n)}
                  onClick={() => store.remove(slot.key)}
                >
                  <CloseIcon />
                </button>
                <button
                  type="button"
                  className={styles['iconButton']}
                  aria-label={t.moveLater(n)}
                  disabled={index === slots.length - 1}
                  onClick={() => store.move(slot.key, 1)}
                >
                  <Arrow direction="right" />
                </button>
              </div>
            </li>
          );
        })}
        <li>
          <label className={styles['addTile']} data-full={full}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" />
            </svg>
            <span>{t.add}</span>
            {/* At the limit the tile stays in place, disabled, with the count that says why. */}
            {full && <span className={styles['addCount']}>{t.count(slots.length, store.max)}</span>}
            <input
              id={id}
              type="file"
              accept="image/*"
              multiple
              disabled={full}
              aria-label={t.addLabel(label)}
              aria-describedby={`${hintId} ${noticeId}`}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                store.add(files);
              }}
            />
          </label>
        </li>
      </ul>
      <div id={noticeId} aria-live="polite">
        {notice && (
          <p className={styles['error']} role="alert">
            {notice}
          </p>
        )}
        {!notice && problem && <p className={styles['help']}>{problem}</p>}
      </div>
    </fieldset>
  );
}
