import { browseCopy } from '#lib/copy-browse';
import { paths } from '#lib/paths';
import { useSessionUser } from './hooks/useSession';
import styles from './PostEventButton.module.css';

/** The floating post-event button of /events: only for PHOTOGRAPHER or ADMIN, known after mount. */
export function PostEventButton() {
  const user = useSessionUser();
  const allowed = user.roles.includes('PHOTOGRAPHER') || user.roles.includes('ADMIN');
  if (!allowed) return null;
  return (
    <a className={styles['fab']} href={paths.newEvent}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 5v14M5 12h14" />
      </svg>
      <span>{browseCopy.events.post}</span>
    </a>
  );
}
