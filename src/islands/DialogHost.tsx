import { useStore } from '@nanostores/react';
import { $dialog, $toasts, closeDialog } from '../stores/ui';
import { ConfirmModal } from './ConfirmModal';
import styles from './DialogHost.module.css';

/** Renders the open dialog and the toasts for the whole page. */
export function DialogHost() {
  const dialog = useStore($dialog);
  const toasts = useStore($toasts);
  return (
    <>
      {dialog && (
        <ConfirmModal
          title={dialog.title}
          content={dialog.content ?? []}
          confirmLabel={dialog.confirmLabel}
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
