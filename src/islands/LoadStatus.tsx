import type { SignedInLoad } from './hooks/useSignedInLoad';
import styles from './dashboard.module.css';

interface Props {
  state: Exclude<SignedInLoad<unknown>, { status: 'ready' }>;
  loading: string;
  /** Shown when the denied message is empty. */
  failed: string;
  retry: string;
  onRetry: () => void;
  /** The page's own look for the retry button. */
  buttonClassName: string | undefined;
}

/** What a signed-in page shows until its data is there: loading, why it may not be seen, or a retry. */
export function LoadStatus({ state, loading, failed, retry, onRetry, buttonClassName }: Props) {
  if (state.status === 'loading') return <p className="member-loading">{loading}</p>;
  if (state.status === 'denied')
    return (
      <p className={styles['status']} role="alert">
        {state.message || failed}
      </p>
    );
  return (
    <div className={styles['status']} role="alert">
      <p>{state.message}</p>
      <button type="button" className={buttonClassName} onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
