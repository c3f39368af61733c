import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatKstDay } from '#lib/application-form';
import { NOTIFICATION_KIND_LABELS, notificationCopy } from '#lib/copy-notifications';
import { PROMOTIONAL_KIND } from '#lib/notifications';
import { $notificationSettings, openNotificationSettings, setChannel } from '#stores/notifications';
import { MemberGate } from './member/MemberGate';
import { PushSwitch } from './notifications/PushControls';
import styles from './notifications/notifications.module.css';

/** 알림 설정 (from my page): per kind, in the app and push; the promotional kind is an opt-in with its date. */
export function NotificationSettings() {
  const state = useStore($notificationSettings);
  useEffect(() => {
    void openNotificationSettings();
  }, []);
  const t = notificationCopy;
  const value = state.value;
  return (
    <MemberGate onRetry={() => void openNotificationSettings()} loading={state.status === 'loading'}>
      <div className={styles['page']}>
        <p className={styles['help']}>{t.settingsHelp}</p>
        <PushSwitch />
        {state.status === 'error' && (
          <p className={styles['empty']} role="alert">
            {t.loadFailed}
          </p>
        )}
        {value && (
          <ul className={styles['settings']}>
            {value.settings.map((s) => (
              <li key={s.kind} data-setting={s.kind}>
                <span>{NOTIFICATION_KIND_LABELS[s.kind]}</span>
                {(['inApp', 'push'] as const).map((channel) => (
                  <label key={channel}>
                    <input
                      type="checkbox"
                      name={`${s.kind}-${channel}`}
                      checked={s[channel]}
                      disabled={state.saving !== null}
                      onChange={(e) => void setChannel(s.kind, channel, e.currentTarget.checked)}
                    />
                    {channel === 'inApp' ? t.inApp : t.push}
                  </label>
                ))}
                {s.kind === PROMOTIONAL_KIND && (
                  <p className={styles['kindHelp']}>
                    {t.promotionalHelp}
                    {value.promotionalConsentAt &&
                      ` ${t.promotionalConsentAt(formatKstDay(value.promotionalConsentAt))}`}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </MemberGate>
  );
}
