import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  APPLICATION_LIMITS,
  APPLICATION_STATUSES,
  APPLICATION_STATUS_LABELS,
  CONTACT_SHARED,
  type ApplicationStatus,
} from '#lib/applications';
import { authorMoves, formatKstDay, formatShootAt, formatShortDate } from '#lib/application-form';
import type { ApplicationResponse } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { memberCopy } from '#lib/copy-member';
import { formatPeriod, instagramUrl } from '#lib/display';
import { thumbnailUrlFor } from '#lib/media-urls';
import { paths } from '#lib/paths';
import {
  $inboxEvent,
  askShootOutcome,
  authorMove,
  loadMoreApplicants,
  openInboxEvent,
  retryApplicants,
  setInboxFilter,
} from '#stores/application-inbox';
import { ReasonDialog } from './moderation/ReasonDialog';
import { MemberGate } from './member/MemberGate';
import { useScrollToHash } from './hooks/useScrollToHash';
import { PrivatePhoto } from './applications/PrivatePhoto';
import { SelectSheet } from './applications/SelectSheet';
import { ReportApplication } from './applications/ReportApplication';
import styles from './applications/applications.module.css';
import { MoreButton } from './member/MoreButton';
import { StatusBadge } from './applications/StatusBadge';

interface Props {
  promotionId: number;
}

type Asking = { kind: 'SELECTED' | 'DECLINED' | 'CANCELLED'; application: ApplicationResponse };

function Applicant({ a, pending, onAsk }: { a: ApplicationResponse; pending: boolean; onAsk: (x: Asking) => void }) {
  const t = applicationCopy.inbox;
  const nickname = a.applicant?.nickname ?? t.applicantGone;
  const moves = authorMoves(a);
  const shared = CONTACT_SHARED.includes(a.status);
  const picture = a.applicant?.profileImage;
  return (
    <li className={styles['card']} id={`application-${a.id}`} data-application={a.id} data-status={a.status}>
      <div className={styles['person']}>
        <span className={styles['avatar']}>
          {picture ? (
            <img src={thumbnailUrlFor(picture.url)} alt={t.profileAlt(nickname)} width={48} height={48} />
          ) : (
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path d="M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
          )}
        </span>
        <span className={styles['who']}>
          <span className={styles['nickname']}>{nickname}</span>
          <span className={styles['meta']}>{applicationCopy.my.appliedAt(formatKstDay(a.createdAt))}</span>
        </span>
        <StatusBadge status={a.status} />
      </div>
      {a.introduction && <p className={styles['intro']}>{a.introduction}</p>}
      <dl className={styles['facts']}>
        <div>
          <dt>{t.dates}</dt>
          <dd>{a.preferredDates.length > 0 ? a.preferredDates.map(formatShortDate).join(', ') : t.noDates}</dd>
        </div>
        {a.instagramId && (
          <div>
            <dt>{t.instagram}</dt>
            <dd>
              <a href={instagramUrl(a.instagramId)} target="_blank" rel="noopener noreferrer">
                @{a.instagramId}
                <span className="sr-only">{memberCopy.newWindow}</span>
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt>{t.contact}</dt>
          <dd>{shared ? (a.contact ?? t.noContact) : t.contactHidden}</dd>
        </div>
        {a.shootAt && (
          <div>
            <dt>{t.shoot}</dt>
            <dd>
              {formatShootAt(a.shootAt)}
              {a.place && ` · ${a.place}`}
            </dd>
          </div>
        )}
      </dl>
      {a.photos.length > 0 && (
        <ul className={styles['photos']} aria-label={t.photos}>
          {a.photos.map((p, i) => (
            <li key={p.url}>
              <PrivatePhoto applicationId={a.id} index={i} alt={t.photoAlt(nickname, i + 1)} />
            </li>
          ))}
        </ul>
      )}
      {a.status === 'CANCELLED' && a.reason && (
        <div className={styles['note']} data-tone="warn">
          <h3>{applicationCopy.my.reason}</h3>
          <p>{a.reason}</p>
        </div>
      )}
      {moves.length > 0 && (
        <div className={styles['actions']}>
          {moves.map((m) => {
            const label = applicationCopy.moves[m];
            const tone = m === 'SELECTED' || m === 'COMPLETED' ? 'primary' : m === 'DECLINED' ? 'secondary' : 'danger';
            const onClick =
              m === 'COMPLETED' || m === 'NO_SHOW'
                ? () => askShootOutcome(a, m)
                : m === 'SELECTED' || m === 'DECLINED' || m === 'CANCELLED'
                  ? () => onAsk({ kind: m, application: a })
                  : undefined;
            return onClick ? (
              <button key={m} type="button" className={styles[tone]} disabled={pending} onClick={onClick}>
                {label}
              </button>
            ) : null;
          })}
        </div>
      )}
      <ReportApplication applicationId={a.id} />
    </li>
  );
}

/** /my/inbox/{promotionId} — one event's applicants, newest first, by state, and the author's moves. */
export function InboxEvent({ promotionId }: Props) {
  const state = useStore($inboxEvent);
  useScrollToHash(state.items.length > 0);
  const [asking, setAsking] = useState<Asking | null>(null);
  useEffect(() => {
    void openInboxEvent(promotionId);
  }, [promotionId]);
  const t = applicationCopy.inbox;
  const e = state.event;
  const close = () => setAsking(null);
  const filters: (ApplicationStatus | null)[] = [null, ...APPLICATION_STATUSES];
  return (
    <MemberGate onRetry={() => void openInboxEvent(promotionId)} loading={state.promotionId === null}>
      <div className={styles['page']}>
        <section className={styles['eventHead']} aria-labelledby="inbox-event-title">
          <h2 id="inbox-event-title">{e?.title ?? memberCopy.loading}</h2>
          {e && (
            <p className={styles['meta']}>
              {formatPeriod(e.startedAt, e.endedAt)} · {t.summary(e.applicationCount, e.selectedCount, e.capacity)}
            </p>
          )}
          <a className={styles['textLink']} href={paths.event(promotionId)}>
            {t.viewEvent}
          </a>
        </section>
        <fieldset className={styles['filters']}>
          <legend className="sr-only">{t.filter}</legend>
          {filters.map((f) => (
            <label key={f ?? 'ALL'} className={styles['filter']}>
              <input
                type="radio"
                name="inbox-filter"
                checked={state.filter === f}
                onChange={() => void setInboxFilter(f)}
              />
              <span>{f === null ? t.all : APPLICATION_STATUS_LABELS[f]}</span>
            </label>
          ))}
        </fieldset>
        {state.status === 'error' && (
          <div className={styles['problem']} role="alert">
            <p>{state.error}</p>
            <button type="button" className={styles['secondary']} onClick={() => void retryApplicants()}>
              {memberCopy.retry}
            </button>
          </div>
        )}
        {state.status === 'loading' && <p className={styles['loading']}>{memberCopy.loading}</p>}
        {state.status === 'ready' && state.items.length === 0 && (
          <div className={styles['empty']}>
            {(state.filter === null ? t.emptyEvent : [t.emptyFilter]).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {state.items.length > 0 && (
          <ul className={styles['list']} aria-label={t.eventTitle}>
            {state.items.map((a) => (
              <Applicant key={a.id} a={a} pending={state.pending.includes(a.id)} onAsk={setAsking} />
            ))}
          </ul>
        )}
        {state.hasNext && (
          <MoreButton
            className={styles['secondary']}
            loading={state.status === 'loadingMore'}
            onMore={() => void loadMoreApplicants()}
            label={applicationCopy.my.more}
          />
        )}
      </div>
      {asking?.kind === 'SELECTED' && (
        <SelectSheet
          application={asking.application}
          onClose={close}
          onSubmit={async (body) => {
            await authorMove(asking.application, body);
            close();
          }}
        />
      )}
      {asking?.kind === 'DECLINED' && (
        <ReasonDialog
          title={applicationCopy.decline.title}
          lead={applicationCopy.decline.lead}
          textLabel={applicationCopy.decline.text}
          placeholder={applicationCopy.decline.placeholder}
          maxLength={APPLICATION_LIMITS.message}
          textRequired={() => false}
          submitLabel={applicationCopy.decline.submit}
          sendingLabel={applicationCopy.decline.sending}
          onClose={close}
          onSubmit={async (_choice, text) => {
            await authorMove(asking.application, {
              to: 'DECLINED',
              ...(text.trim() ? { message: text.trim() } : {}),
            });
            close();
          }}
        />
      )}
      {asking?.kind === 'CANCELLED' && (
        <ReasonDialog
          title={applicationCopy.cancel.title}
          lead={applicationCopy.cancel.lead}
          textLabel={applicationCopy.cancel.text}
          placeholder={applicationCopy.cancel.placeholder}
          maxLength={APPLICATION_LIMITS.reason}
          textRequired={() => true}
          submitLabel={applicationCopy.cancel.submit}
          sendingLabel={applicationCopy.cancel.sending}
          onClose={close}
          onSubmit={async (_choice, text) => {
            await authorMove(asking.application, { to: 'CANCELLED', reason: text.trim() });
            close();
          }}
        />
      )}
    </MemberGate>
  );
}
