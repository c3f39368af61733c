import { useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import type { ApplicationResponse } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { moderationCopy } from '#lib/copy-moderation';
import { PrivatePhoto } from '../applications/PrivatePhoto';
import styles from '../AdminPage.module.css';

/**
 * A reported application as the admin reads it (issue 40): it is private to its two parties, so it shows
 * only here, on request, from `GET /applications/{id}` (which answers admins for a reported application).
 */
export function ApplicationEvidence({ applicationId }: { applicationId: number }) {
  const [state, setState] = useState<
    | { status: 'closed' }
    | { status: 'loading' }
    | { status: 'ready'; a: ApplicationResponse }
    | { status: 'error'; message: string }
  >({ status: 'closed' });
  const t = moderationCopy.applicationEvidence;
  const c = applicationCopy.inbox;
  if (state.status === 'closed' || state.status === 'loading')
    return (
      <button
        type="button"
        className={styles['textButton']}
        disabled={state.status === 'loading'}
        onClick={() => {
          setState({ status: 'loading' });
          api
            .get<ApplicationResponse>(`/applications/${applicationId}`)
            .then((a) => setState({ status: 'ready', a }))
            .catch((err: unknown) =>
              setState({ status: 'error', message: isApiRequestError(err) ? err.message : t.failed }),
            );
        }}
      >
        {t.open}
      </button>
    );
  if (state.status === 'error')
    return (
      <p className={styles['detail']} role="alert">
        {state.message}
      </p>
    );
  const { a } = state;
  const who = a.applicant?.nickname ?? c.applicantGone;
  return (
    <dl className={styles['evidence']} data-application={a.id}>
      <dt>{t.event}</dt>
      <dd>{a.promotion.title}</dd>
      <dt>{t.applicant}</dt>
      <dd>{who}</dd>
      <dt>{c.introduction}</dt>
      <dd>{a.introduction}</dd>
      <dt>{c.dates}</dt>
      <dd>{a.preferredDates.length > 0 ? a.preferredDates.join(', ') : c.noDates}</dd>
      {a.message && (
        <>
          <dt>{t.message}</dt>
          <dd>{a.message}</dd>
        </>
      )}
      {a.photos.length > 0 && (
        <>
          <dt>{c.photos}</dt>
          <dd>
            {a.photos.map((_, i) => (
              <PrivatePhoto key={i} applicationId={a.id} index={i} alt={c.photoAlt(who, i + 1)} />
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}
