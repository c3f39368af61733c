import { copy } from '#lib/copy';
import { shareLink } from '#client/share';
import { showToast } from '#stores/ui';
import { useHydrated } from './hooks/useHydrated';
import styles from './ShareButton.module.css';

interface Props {
  /** The address to share (the page's canonical URL). */
  url: string;
  /** What the share sheet names (the event title or the photographer's nickname). */
  title: string;
  /** The button's accessible name. */
  label: string;
}

export const COPY_TOAST_MS = 1000;

/**
 * Opens the phone's share sheet, or copies the page link where there is none (spec §8: a 1 s toast
 * 'URL이 복사되었어요!' or the failure toast).
 */
export function ShareButton({ url, title, label }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      className={styles['share']}
      aria-label={label}
      onClick={() => {
        void shareLink({ url, title }, navigator).then((outcome) => {
          if (outcome === 'copied') showToast(copy.toast.urlCopied, 'info', COPY_TOAST_MS);
          if (outcome === 'failed') showToast(copy.toast.copyFailed, 'error', COPY_TOAST_MS);
        });
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 3v12M7 8l5-5l5 5M5 13v7h14v-7" />
      </svg>
    </button>
  );
}
