import { memberCopy } from '#lib/copy-member';
import type { ImageSlot } from '#lib/image-list';
import styles from './member-styles';

interface Props {
  slot: ImageSlot;
  onRetry: () => void;
  onReplace: (file: File | undefined) => void;
}

/**
 * A failed entry of a picture list: its reason, then 다시 올리기 when sending the file again may help,
 * or 다른 사진 선택 (a picker that puts another file in its place) when the file itself is refused.
 */
export function SlotFailure({ slot, onRetry, onReplace }: Props) {
  const t = memberCopy.images;
  return (
    <span role="alert">
      <span className={styles['imageError']}>{slot.error ?? t.failed}</span>
      <br />
      {slot.retryable === false ? (
        <label className={styles['retry']}>
          {t.pickAnother}
          <input
            type="file"
            accept="image/*"
            className={styles['fileInput']}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              onReplace(file);
            }}
          />
        </label>
      ) : (
        <button type="button" className={styles['retry']} onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </span>
  );
}
