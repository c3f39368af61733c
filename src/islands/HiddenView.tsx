import { useEffect, useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import { getAccessToken } from '#client/auth';
import type { HiddenPhotographerView, HiddenPromotionView } from '#lib/contract-moderation';
import { copy } from '#lib/copy';
import { moderationCopy } from '#lib/copy-moderation';
import { requestHiddenReview } from '#client/member-api';
import { formatPeriod } from '#lib/display';
import { thumbnailUrlFor } from '#lib/media-urls';
import { paths } from '#lib/paths';
import type { HideableTargetType } from '#lib/rules/report';
import { carryNotice, openConfirm, showToast } from '#stores/ui';
import { useSessionUser } from './hooks/useSession';
import styles from './HiddenView.module.css';

/**
 * Anyone but the author and admins: the Not Found behaviour of every missing page (home, with its
 * toast). The notice is addressed to home: this page's own toast host, which may start after this
 * island, must not take it (it did, and the visitor landed home without a word).
 */
function notFound(): void {
  carryNotice(copy.notFound, paths.home);
  window.location.replace(paths.home);
}

/** The targets with a page of their own (a hidden review shows to its author on 내 신청). */
export type HiddenKind = Exclude<HideableTargetType, 'REVIEW'>;

/** Where each kind of hidden target is read, unhidden, and shown again once public. */
const TARGETS = {
  PROMOTION: { api: 'promotions', page: paths.event },
  PHOTOGRAPHER: { api: 'photographers', page: paths.photographer },
} as const satisfies Record<HiddenKind, { api: string; page: (id: number) => string }>;

type View = ({ kind: 'PROMOTION' } & HiddenPromotionView) | ({ kind: 'PHOTOGRAPHER' } & HiddenPhotographerView);

function Body({ view }: { view: View }) {
  if (view.kind === 'PROMOTION') {
    const { promotion } = view;
    return (
      <>
        {promotion.images[0] && <img className={styles['picture']} src={promotion.images[0].url} alt="" />}
        <h2 className={styles['title']}>{promotion.title}</h2>
        <p className={styles['period']}>{formatPeriod(promotion.startedAt, promotion.endedAt)}</p>
        <p className={styles['content']}>{promotion.content}</p>
      </>
    );
  }
  const { photographer } = view;
  return (
    <>
      <div className={styles['profile']}>
        {photographer.profileImage && (
          <img className={styles['avatar']} src={photographer.profileImage.url} alt="" width="72" height="72" />
        )}
        <h2 className={styles['title']}>{photographer.nickname}</h2>
      </div>
      <p className={styles['content']}>{photographer.description}</p>
      {photographer.portfolio.length > 0 && (
        <ul className={styles['grid']}>
          {photographer.portfolio.map((image) => (
            <li key={image.url}>
              <img src={thumbnailUrlFor(image.url)} alt="" width="160" height="160" loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(iso));

const failed = (err: unknown) => showToast(isApiRequestError(err) ? err.message : copy.errors.unexpected, 'error');

/**
 * What the owner of hidden content may do (issue 44, item 7): fix it, delete an event, and ask an admin
 * to look again, once until answered.
 */
function OwnerActions({ view, onRequested }: { view: View; onRequested: (at: string) => void }) {
  const t = moderationCopy.hidden;
  const id = view.kind === 'PROMOTION' ? view.promotion.id : view.photographer.id;
  const remove = async () => {
    try {
      await api.delete(`/promotions/${id}`);
      carryNotice(t.deleted, paths.myPage);
      window.location.assign(paths.myPage);
    } catch (err) {
      failed(err);
    }
  };
  const request = async () => {
    try {
      await requestHiddenReview(view.kind, id);
      showToast(t.requested);
      onRequested(new Date().toISOString());
    } catch (err) {
      failed(err);
    }
  };
  return (
    <div className={styles['owner']}>
      {view.reviewRequestedAt ? (
        <p className={styles['requested']}>{t.requestedAt(longDate(view.reviewRequestedAt))}</p>
      ) : (
        <p className={styles['help']}>{t.ownerHelp}</p>
      )}
      <div className={styles['actions']}>
        <a
          className={styles['button']}
          href={view.kind === 'PROMOTION' ? paths.editEvent(id) : paths.editPhotographerPage}
        >
          {t.edit}
        </a>
        {view.kind === 'PROMOTION' && (
          <button
            type="button"
            className={styles['button']}
            onClick={() =>
              openConfirm({ title: t.deleteTitle, content: t.deleteContent, confirmLabel: t.delete, onConfirm: remove })
            }
          >
            {t.delete}
          </button>
        )}
        {!view.reviewRequestedAt && (
          <button
            type="button"
            className={`${styles['button']} ${styles['primary']}`}
            onClick={() =>
              openConfirm({
                title: t.requestReviewTitle,
                content: t.requestReviewContent,
                confirmLabel: t.requestReview,
                onConfirm: request,
              })
            }
          >
            {t.requestReview}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * A hidden event or photographer page as its author (owner) and admins see it: that it is hidden, why,
 * and what it says. The page around it is a 404 for everyone; this island asks the API, which answers
 * only the author and admins, and sends anyone else home with the Not Found notice.
 */
export function HiddenView({ kind, id }: { kind: HiddenKind; id: number }) {
  const user = useSessionUser();
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = TARGETS[kind];
  useEffect(() => {
    if (!getAccessToken()) {
      notFound();
      return;
    }
    api
      .get<HiddenPromotionView | HiddenPhotographerView>(`/${target.api}/${id}/moderation`, {
        skipForcedLogout: true,
      })
      .then((answer) => setView({ kind, ...answer } as View))
      .catch((err: unknown) => {
        if (isApiRequestError(err) && (err.status === 404 || err.status === 401)) notFound();
        else setError(isApiRequestError(err) ? err.message : copy.errors.unexpected);
      });
  }, [kind, id, target]);
  const t = moderationCopy.hidden;
  if (error)
    return (
      <p className={styles['status']} role="alert">
        {error}
      </p>
    );
  if (!view) return <p className="member-loading">{t.loading}</p>;
  const unhide = async () => {
    try {
      await api.post(`/admin/${target.api}/${id}/unhide`);
      window.location.assign(target.page(id));
    } catch (err) {
      failed(err);
    }
  };
  const owner = view.kind === 'PROMOTION' ? view.promotion.authorId === user.id : view.photographer.id === user.id;
  return (
    <article className={styles['page']}>
      <div className={styles['banner']} role="status">
        <p className={styles['bannerTitle']}>{t[kind].banner}</p>
        <dl className={styles['facts']}>
          <dt>{t.reason}</dt>
          <dd data-hidden-reason>{view.hiddenReason}</dd>
          <dt>{t.hiddenAt}</dt>
          <dd>{longDate(view.hiddenAt)}</dd>
        </dl>
        {user.roles.includes('ADMIN') && (
          <button
            type="button"
            className={styles['button']}
            onClick={() =>
              openConfirm({
                title: moderationCopy.admin.unhideTitle,
                content: moderationCopy.admin.unhideContent,
                confirmLabel: moderationCopy.admin.unhideConfirm,
                onConfirm: unhide,
              })
            }
          >
            {moderationCopy.admin.unhide}
          </button>
        )}
        {owner && <OwnerActions view={view} onRequested={(at) => setView({ ...view, reviewRequestedAt: at })} />}
      </div>
      <Body view={view} />
    </article>
  );
}
