import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { memberCopy } from '#lib/copy-member';
import { $gate } from '#stores/member';
import styles from './member-styles';

interface Props {
  /** Runs the page's opening again after a failure. */
  onRetry: () => void;
  /** Shown once the member may see the page and its data is there. */
  children: ReactNode;
  /** The page's own data is still loading (after the gate let the member in). */
  loading?: boolean;
}

/** What a member page shows before its data: loading, the wrong-role message, or a failure. */
export function MemberGate({ onRetry, children, loading = false }: Props) {
  const gate = useStore($gate);
  if (gate.status === 'denied') {
    return (
      <div className={styles['status']} role="alert">
        <p className={styles['statusError']}>{gate.message}</p>
        <p>{memberCopy.access.redirecting}</p>
        <a className={styles['secondary']} href={gate.redirectTo}>
          {memberCopy.access.goNow}
        </a>
      </div>
    );
  }
  if (gate.status === 'error') {
    return (
      <div className={styles['status']} role="alert">
        <p className={styles['statusError']}>{memberCopy.loadFailed}</p>
        <p>{gate.message}</p>
        <button type="button" className={styles['secondary']} onClick={onRetry}>
          {memberCopy.retry}
        </button>
      </div>
    );
  }
  if (gate.status === 'checking' || loading) {
    return (
      <div className={styles['status']} role="status" aria-live="polite">
        <p>{memberCopy.loading}</p>
      </div>
    );
  }
  return <>{children}</>;
}
