import { copy } from '../lib/copy';
import { browseCopy } from '../lib/copy-browse';
import { showToast } from '../stores/ui';
import { useHydrated } from './hooks/useHydrated';
import styles from './ShareButton.module.css';

interface Props {
  /** The address to copy (the page's canonical URL). */
  url: string;
}

export const COPY_TOAST_MS = 1000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  throw new Error('clipboard unavailable');
}

/** Copies the page link (spec §8: a 1 s toast 'URL이 복사되었어요!' or the failure toast). */
export function ShareButton({ url }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      className={styles['share']}
      aria-label={browseCopy.photographer.share}
      onClick={() => {
        copyText(url).then(
          () => showToast(copy.toast.urlCopied, 'info', COPY_TOAST_MS),
          () => showToast(copy.toast.copyFailed, 'error', COPY_TOAST_MS),
        );
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 3v12M7 8l5-5l5 5M5 13v7h14v-7" />
      </svg>
    </button>
  );
}
