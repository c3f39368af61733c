import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '#lib/applications';
import styles from './applications.module.css';

/** An application's status as its coloured label (the colour follows data-status). */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={styles['status']} data-status={status}>
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}
