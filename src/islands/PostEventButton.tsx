import { browseCopy } from '#lib/copy-browse';
import { paths } from '#lib/paths';
import { useSessionUser } from './hooks/useSession';
import styles from './PostEventButton.module.css';

/**
 * The floating post-event button of /events: only for PHOTOGRAPHER or ADMIN, known after mount. With
 * it comes room at the end of the page as tall as the button and its margin, so the list's last row and
 * its pager scroll clear of it.
 */
export function PostEventButton() {
  const user = useSessionUser();
  const allowed = user.roles.includes('PHOTOGRAPHER') || user.roles.includes('ADMIN');
  if (!allowed) return null;
  return (
    <>
      <div className={styles['clearance']} aria-hidden="true" />
      <a className={styles['fab']} href={paths.newEvent}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" />
        </svg>
        <span>{browseCopy.events.post}</span>
      </a>
    </>
  );
}
