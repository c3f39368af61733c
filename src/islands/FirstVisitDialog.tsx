import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { copy } from '../lib/copy';
import { takeFirstVisit } from '../lib/first-visit';
import { useModal } from './hooks/useModal';
import styles from './FirstVisitDialog.module.css';

/**
 * Home's first-visit dialog: once per session for a visitor without a token, pointing up to the
 * my-page button (top right) for sign-up or login. Nothing is rendered on the server.
 */
export function FirstVisitDialog() {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (takeFirstVisit()) setOpen(true);
  }, []);
  useModal(open, dialogRef, close);
  if (!open) return null;
  return (
    <div className={styles['overlay']} onClick={(e) => e.target === e.currentTarget && close()}>
      <div className={styles['column']}>
        <svg
          className={styles['pointer']}
          viewBox="0 0 40 56"
          width="40"
          height="56"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 52C10 30 20 16 32 6M32 6l-11 2M32 6l-1 11" />
        </svg>
        <div
          ref={dialogRef}
          className={styles['dialog']}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={bodyId}
        >
          <h2 id={titleId} className={styles['title']}>
            {copy.firstVisit.title.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </h2>
          <p id={bodyId} className={styles['body']}>
            {copy.firstVisit.body.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </p>
          <button type="button" className={styles['close']} onClick={close}>
            {copy.firstVisit.close}
          </button>
        </div>
      </div>
    </div>
  );
}
