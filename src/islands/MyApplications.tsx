import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isApiRequestError } from '#client/api';
import { fetchPromotion } from '#client/member-api';
import { CONTACT_SHARED, isEditable } from '#lib/applications';
import {
  applicantMoves,
  formatKstDay,
  formatShootAt,
  formatShortDate,
  intakeFromApplication,
} from '#lib/application-form';
import type { ApplicationResponse, ReviewResponse } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { memberCopy } from '#lib/copy-member';
import { formatPeriod, instagramUrl } from '#lib/display';
import { paths } from '#lib/paths';
import {
  $myApplications,
  addToCalendar,
  askApplicantMove,
  loadMoreApplications,
  openMyApplications,
  retryMyApplications,
  saveApplicationEdit,
} from '#stores/my-applications';
import { showToast } from '#stores/ui';
import { $myReviews, loadMyReviews, postReview, saveReviewEdit } from '#stores/my-reviews';
import { MyReview } from './applications/MyReview';
import { ReviewSheet } from './applications/ReviewSheet';
import { ApplicationSheet, type SheetEvent } from './applications/ApplicationSheet';
import { MemberGate } from './member/MemberGate';
import { useScrollToHash } from './hooks/useScrollToHash';
import { ReportApplication } from './applications/ReportApplication';
import styles from './applications/applications.module.css';
import { MoreButton } from './member/MoreButton';
import { StatusBadge } from './applications/StatusBadge';

interface Editing {
  application: ApplicationResponse;
  event: SheetEvent;
}

function Shoot({ a }: { a: ApplicationResponse }) {
  const t = applicationCopy.my;
  const contact = a.photographerContact;
  return (
    <section className={styles['shoot']} aria-label={t.shoot}>
      <dl className={styles['facts']}>
        {a.shootAt && (
          <div>
            <dt>{t.shootDate}</dt>
            <dd>{formatShootAt(a.shootAt)}</dd>
          </div>
        )}
        {a.place && (
          <div>
            <dt>{t.place}</dt>
            <dd>{a.place}</dd>
          </div>
        )}
        <div>
          <dt>{t.photographerContact}</dt>
          <dd>
            {contact?.instagramId || contact?.contactLink ? (
              <span className={styles['links']}>
                {contact.instagramId && (
                  <a href={instagramUrl(contact.instagramId)} target="_blank" rel="noopener noreferrer">
                    {t.instagram} @{contact.instagramId}
                    <span className="sr-only">{memberCopy.newWindow}</span>
                  </a>
                )}
                {contact.contactLink && (
                  <a href={contact.contactLink} target="_blank" rel="noopener noreferrer">
                    {t.contactLink}
                    <span className="sr-only">{memberCopy.newWindow}</span>
                  </a>
                )}
              </span>
            ) : (
              t.noContact
            )}
          </dd>
        </div>
      </dl>
      {a.shootAt && (
        <button type="button" className={styles['secondary']} onClick={() => void addToCalendar(a)}>
          {t.calendar}
        </button>
      )}
    </section>
  );
}

function Card({
  a,
  pending,
  onEdit,
  review,
  onReview,
}: {
  a: ApplicationResponse;
  pending: boolean;
  onEdit: () => void;
  review: ReviewResponse | undefined;
  onReview: (existing?: ReviewResponse) => void;
}) {
  const t = applicationCopy.my;
  const moves = applicantMoves(a);
  const shared = CONTACT_SHARED.includes(a.status);
  return (
    <li className={styles['card']} id={`application-${a.id}`} data-application={a.id} data-status={a.status}>
      <div className={styles['cardHead']}>
        <a className={styles['cardTitle']} href={paths.event(a.promotion.id)}>
          {a.promotion.title}
        </a>
        <StatusBadge status={a.status} />
      </div>
      <p className={styles['meta']}>
        {t.appliedAt(formatKstDay(a.createdAt))} · {formatPeriod(a.promotion.startedAt, a.promotion.endedAt)}
      </p>
      {a.status === 'APPLIED' && a.preferredDates.length > 0 && (
        <p className={styles['meta']}>
          {t.myDates}: {a.preferredDates.map(formatShortDate).join(', ')}
        </p>
      )}
      {shared && <Shoot a={a} />}
      {a.message && (
        <div className={styles['note']}>
          <h3>{t.message}</h3>
          <p>{a.message}</p>
        </div>
      )}
      {a.status === 'CANCELLED' && a.reason && (
        <div className={styles['note']} data-tone="warn">
          <h3>{t.reason}</h3>
          <p>{a.reason}</p>
        </div>
      )}
      <MyReview a={a} mine={review} onWrite={onReview} />
      {(moves.length > 0 || isEditable(a.status)) && (
        <div className={styles['actions']}>
          {isEditable(a.status) && (
            <button type="button" className={styles['secondary']} disabled={pending} onClick={onEdit}>
              {t.edit}
            </button>
          )}
          {moves.includes('WITHDRAWN') && (
            <button
              type="button"
              className={styles['danger']}
              disabled={pending}
              onClick={() => askApplicantMove(a, 'WITHDRAWN')}
            >
              {applicationCopy.moves.WITHDRAWN}
            </button>
          )}
          {moves.includes('CONFIRMED') && (
            <button
              type="button"
              className={styles['primary']}
              disabled={pending}
              onClick={() => askApplicantMove(a, 'CONFIRMED')}
            >
              {applicationCopy.moves.CONFIRMED}
            </button>
          )}
        </div>
      )}
      <ReportApplication applicationId={a.id} />
    </li>
  );
}

/** /my/applications — 내 신청: each application's event, state, the photographer's word and what to do next. */
export function MyApplications() {
  const state = useStore($myApplications);
  useScrollToHash(state.items.length > 0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const reviews = useStore($myReviews);
  const [reviewing, setReviewing] = useState<{ a: ApplicationResponse; existing?: ReviewResponse } | null>(null);
  useEffect(() => {
    void openMyApplications().then(() => loadMyReviews());
  }, []);
  const t = applicationCopy.my;
  const empty = state.status === 'ready' && state.items.length === 0;
  const edit = async (a: ApplicationResponse) => {
    try {
      // What the event asks (an Instagram id, a photo) is the event's.
      const p = await fetchPromotion(a.promotion.id);
      setEditing({
        application: a,
        event: {
          id: p.id,
          title: p.title,
          startedAt: p.startedAt,
          endedAt: p.endedAt,
          asksInstagram: p.asksInstagram,
          asksPhotos: p.asksPhotos,
          photographer: '',
        },
      });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 401) return;
      console.error('event of the application not loaded', err);
      showToast(isApiRequestError(err) && err.status < 500 ? err.message : memberCopy.loadFailed, 'error');
    }
  };
  return (
    <MemberGate onRetry={() => void openMyApplications()} loading={state.status === 'loading'}>
      <div className={styles['page']}>
        {state.status === 'error' && (
          <div className={styles['problem']} role="alert">
            <p>{state.error}</p>
            <button type="button" className={styles['secondary']} onClick={() => void retryMyApplications()}>
              {memberCopy.retry}
            </button>
          </div>
        )}
        {empty && (
          <div className={styles['empty']}>
            {t.empty.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <a className={styles['secondary']} href={paths.events}>
              {t.browse}
            </a>
          </div>
        )}
        {state.items.length > 0 && (
          <ul className={styles['list']} aria-label={t.listLabel}>
            {state.items.map((a) => (
              <Card
                key={a.id}
                a={a}
                pending={state.pending.includes(a.id)}
                onEdit={() => void edit(a)}
                review={reviews[a.id]}
                onReview={(existing) => setReviewing(existing ? { a, existing } : { a })}
              />
            ))}
          </ul>
        )}
        {state.hasNext && (
          <MoreButton
            className={styles['secondary']}
            loading={state.status === 'loadingMore'}
            onMore={() => void loadMoreApplications()}
            label={t.more}
          />
        )}
      </div>
      {editing && (
        <ApplicationSheet
          mode="edit"
          event={editing.event}
          initial={intakeFromApplication(editing.application)}
          kept={{ applicationId: editing.application.id, photos: editing.application.photos }}
          onSubmit={async (body) => {
            await saveApplicationEdit(editing.application, body);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {reviewing && (
        <ReviewSheet
          title={reviewing.a.promotion.title}
          initial={reviewing.existing}
          onSubmit={async (body) => {
            if (reviewing.existing) await saveReviewEdit(reviewing.a.id, reviewing.existing.id, body);
            else await postReview(reviewing.a.id, body);
            setReviewing(null);
          }}
          onClose={() => setReviewing(null)}
        />
      )}
    </MemberGate>
  );
}
