import { useEffect, useId, useState } from 'react';
import { copy } from '#lib/copy';
import { takeFirstVisit } from '#client/first-visit';
import { hasArrivalNotice } from '#stores/ui';
import styles from './FirstVisitDialog.module.css';
import { Modal } from './Modal';

/**
 * Home's first-visit dialog: once per session for a visitor without a token, pointing up to the
 * my-page button (top right) for sign-up or login. It waits for a later visit when home arrives with
 * something to say (a page not found, a withdrawal): the modal would hide that toast. Nothing is
 * rendered on the server.
 */
export function FirstVisitDialog() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    if (!hasArrivalNotice() && takeFirstVisit()) setOpen(true);
  }, []);
  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <Modal className={styles['column']} aria-labelledby={titleId} aria-describedby={bodyId} onClose={close}>
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
      <div className={styles['dialog']}>
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
    </Modal>
  );
}
