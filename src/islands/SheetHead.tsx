import { CloseIcon } from './CloseIcon';
import styles from './sheet-chrome.module.css';

interface Props {
  /** The id the sheet's `aria-labelledby` names. */
  titleId: string;
  title: string;
  /** The close button's accessible name. */
  closeLabel: string;
  onClose: () => void;
}

/** The top of a bottom sheet: its title and the ✕ that closes it. */
export function SheetHead({ titleId, title, closeLabel, onClose }: Props) {
  return (
    <div className={styles['head']}>
      <h2 id={titleId}>{title}</h2>
      <button type="button" className={styles['close']} onClick={onClose} aria-label={closeLabel}>
        <CloseIcon size={22} />
      </button>
    </div>
  );
}
