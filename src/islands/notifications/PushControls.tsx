import { useEffect, useState } from 'react';
import { pushState, switchPush, type PushState } from '#client/push';
import { pushCopy as t } from '#lib/copy-notifications';
import styles from './notifications.module.css';
import buttons from './push-prompt.module.css';

const STATE_TEXT: Record<PushState, string> = {
  on: t.on,
  off: t.off,
  denied: t.denied,
  unsupported: t.unsupported,
  'ios-home-screen': t.iosHomeScreen,
};

/** 알림 설정's first row: whether this browser shows push, with the switch and what to do when it cannot. */
export function PushSwitch() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void pushState()
      .then(setState)
      .catch(() => setState('unsupported'));
  }, []);
  if (!state) return null;
  const flip = async (to: 'on' | 'off') => {
    setBusy(true);
    setError(null);
    const after = await switchPush(to);
    setState(after.state);
    setError(after.error);
    setBusy(false);
  };
  return (
    <section className={styles['push']} aria-labelledby="push-switch-title" data-push-state={state}>
      <h2 id="push-switch-title">{t.deviceTitle}</h2>
      <p>{STATE_TEXT[state]}</p>
      {error && <p role="alert">{error}</p>}
      {(state === 'off' || state === 'on') && (
        <button
          type="button"
          className={state === 'off' ? buttons['primary'] : buttons['textButton']}
          disabled={busy}
          onClick={() => void flip(state === 'off' ? 'on' : 'off')}
        >
          {state === 'off' ? t.turnOn : t.turnOff}
        </button>
      )}
    </section>
  );
}

/**
 * The one-time offer after a first application or event (`push-moment.ts`): push on with one press, or
 * later; on an iPhone outside the home screen, how to get there. Not shown where push is on, blocked or
 * impossible.
 */
