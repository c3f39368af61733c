import { useEffect, useId, useRef } from 'react';
import { copy } from '../lib/copy';
import styles from './ConfirmModal.module.css';

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
 * confirm label. Locks page scroll, traps focus, closes on Escape and restores focus afterwards.
 */
export function ConfirmModal({ title, content = [], confirmLabel, notice = false, onCancel, onConfirm }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    document.body.classList.add('scroll-locked');
    dialogRef.current?.querySelector<HTMLButtonElement>('button[data-confirm]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCancel();
      } else if (e.key === 'Tab') {
        const buttons = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? []);
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('scroll-locked');
      previous?.focus?.();
    };
  }, [onCancel]);
  return (
    <div className={styles['overlay']} onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div ref={dialogRef} className={styles['modal']} role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
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
          <button type="button" className={styles['confirm']} data-confirm onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
