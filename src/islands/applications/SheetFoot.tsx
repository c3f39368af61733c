import type { ReactNode } from 'react';
import member from '#islands/member/member-styles';
import styles from './sheet.module.css';

interface Props {
  /** Why the last send failed, announced above the buttons. */
  error: string | null;
  /** The sheet's buttons. */
  children: ReactNode;
}

/** The bottom of an application or review sheet: a failure, if any, then the buttons. */
export function SheetFoot({ error, children }: Props) {
  return (
    <div className={styles['foot']}>
      {error && (
        <p className={member['error']} role="alert">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
