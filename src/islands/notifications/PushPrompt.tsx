/**
 * The one-time offer of push (issue 42), shown after a first application or event (`#client/push-prompt`,
 * loaded after paint on every page): its own small stylesheet, so no other rides along into every page.
 */
import { useEffect, useState } from 'react';
import { dismissPushMoment } from '#client/push-moment';
import { pushState, switchPush, type PushState } from '#client/push';
import { pushCopy as t } from '#lib/copy-notifications';
import styles from './push-prompt.module.css';

export function PushPrompt({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void pushState()
      .catch((): PushState => 'unsupported')
      .then((s) => {
        if (s === 'off' || s === 'ios-home-screen') setState(s);
        else {
          dismissPushMoment();
          onClose();
        }
      });
  }, [onClose]);
  if (!state) return null;
  const close = () => {
    dismissPushMoment();
    onClose();
  };
  const ios = state === 'ios-home-screen';
  return (
    <aside className={styles['prompt']} aria-labelledby="push-prompt-title">
      <h2 id="push-prompt-title">{ios ? t.deviceTitle : t.promptTitle}</h2>
      <p>{ios ? t.iosHomeScreen : t.promptBody}</p>
      {error && <p role="alert">{error}</p>}
      <div className={styles['actions']}>
        <button type="button" className={styles['textButton']} onClick={close}>
          {ios ? t.close : t.later}
        </button>
        {!ios && (
          <button
            type="button"
            className={styles['primary']}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void switchPush('on').then((after) => {
                setBusy(false);
                if (after.error) setError(after.error);
                else close();
              });
            }}
          >
            {t.turnOn}
          </button>
        )}
      </div>
    </aside>
  );
}
