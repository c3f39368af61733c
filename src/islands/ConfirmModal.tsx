import { useId, useRef } from 'react';
import { copy } from '#lib/copy';
import styles from './ConfirmModal.module.css';
import { Modal } from './Modal';

interface Props {
  title: readonly string[];
  content?: readonly string[];
  confirmLabel: string;
  /** Nothing to decide: the confirm button alone (Escape and the backdrop still close it). */
  notice?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation modal of the spec: title lines, optional content lines, 취소 and a caller-given
 * confirm label, focused first. Escape and the backdrop cancel (src/islands/Modal).
 */
export function ConfirmModal({ title, content = [], confirmLabel, notice = false, onCancel, onConfirm }: Props) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <Modal
      className={styles['modal']}
      role="alertdialog"
      aria-labelledby={titleId}
      onClose={onCancel}
      initialFocus={confirmRef}
    >
      <h2 id={titleId} className={styles['title']}>
        {title.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </h2>
      {content.length > 0 && (
        <div className={styles['content']}>
          {content.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <div className={`${styles['actions']} ${notice ? styles['single'] : ''}`}>
        {!notice && (
          <button type="button" className={styles['cancel']} onClick={onCancel}>
            {copy.common.cancel}
          </button>
        )}
        <button ref={confirmRef} type="button" className={styles['confirm']} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
