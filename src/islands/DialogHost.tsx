import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $dialog, $toasts, closeDialog, showArrivalNotices } from '#stores/ui';
import { ConfirmModal } from './ConfirmModal';
import styles from './DialogHost.module.css';

/** Renders the open dialog and the toasts for the whole page. */
export function DialogHost() {
  // Hydration sees what the server rendered (nothing); a toast or dialog opened by an island that ran
  // first (client:only member pages) follows right after.
  const dialog = useStore($dialog, { ssr: 'initial' });
  const toasts = useStore($toasts, { ssr: 'initial' });
  useEffect(() => showArrivalNotices(), []);
  return (
    <>
      {dialog && (
        <ConfirmModal
          title={dialog.title}
          content={dialog.content ?? []}
          confirmLabel={dialog.confirmLabel}
          notice={dialog.notice ?? false}
          onCancel={closeDialog}
          onConfirm={async () => {
            closeDialog();
            await dialog.onConfirm();
          }}
        />
      )}
      <div className={styles['toasts']} role="status" aria-live="polite">
        {toasts.map((t) => (
          <p key={t.id} className={`${styles['toast']} ${t.tone === 'error' ? styles['error'] : ''}`}>
            {t.message}
          </p>
        ))}
      </div>
    </>
  );
}
