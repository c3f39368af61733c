import { useState } from 'react';
import { moderationCopy } from '#lib/copy-moderation';
import { ReportDialog } from '../moderation/dialogs';
import styles from './applications.module.css';

/**
 * 신고하기 on an application (issue 40): its applicant or the event's author reports the other's part of
 * it (photos, introduction, message); only an admin reads it then, from /admin.
 */
export function ReportApplication({ applicationId }: { applicationId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles['reportLink']} onClick={() => setOpen(true)}>
        {moderationCopy.report.applicationMenu}
      </button>
      {open && <ReportDialog targetType="APPLICATION" targetId={applicationId} onClose={() => setOpen(false)} />}
    </>
  );
}
