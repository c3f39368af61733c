import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { copy } from '#lib/copy';
import { $dialog, $toasts, closeDialog, dismissToast, showArrivalNotices } from '#stores/ui';
import { ConfirmModal } from './ConfirmModal';
import styles from './DialogHost.module.css';
import { CloseIcon } from './CloseIcon';

/**
 * Renders the open dialog and the toasts for the whole page. Toasts stand under the top bar, where a
 * page starts rather than where its last rows and fixed bars are (a toast hid my page's 회원 탈퇴 for
 * 5 s); taps on a toast's text reach the page beneath, and its ✕ closes it at once.
 */
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
          <div key={t.id} className={`${styles['toast']} ${t.tone === 'error' ? styles['error'] : ''}`}>
            <p className={styles['message']}>{t.message}</p>
            <button
              type="button"
              className={styles['dismiss']}
              aria-label={copy.toast.dismiss}
              onClick={() => dismissToast(t.id)}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
