import { useEffect, useState } from 'react';
import { dismissPushMoment } from '#client/push-moment';
import { pushState, turnPushOff, turnPushOn, type PushState } from '#client/push';
import { pushCopy as t } from '#lib/copy-notifications';
import styles from './notifications.module.css';

const STATE_TEXT: Record<PushState, string> = {
  on: t.on,
  off: t.off,
  denied: t.denied,
  unsupported: t.unsupported,
  'ios-home-screen': t.iosHomeScreen,
};

/** Runs a switch of push, answering the state after and an error text (Korean) when it failed. */
async function switchPush(to: 'on' | 'off'): Promise<{ state: PushState; error: string | null }> {
  try {
    const state = await (to === 'on' ? turnPushOn() : turnPushOff());
    return { state, error: to === 'on' && state === 'off' ? t.failed : null };
  } catch (err) {
    console.warn('push switch failed', err);
    return { state: await pushState().catch((): PushState => 'off'), error: t.failed };
  }
}

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
          className={state === 'off' ? styles['pushPrimary'] : styles['textButton']}
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
      <div className={styles['promptActions']}>
        <button type="button" className={styles['textButton']} onClick={close}>
          {ios ? t.close : t.later}
        </button>
        {!ios && (
          <button
            type="button"
            className={styles['pushPrimary']}
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
