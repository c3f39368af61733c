import { useEffect, useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import { getAccessToken } from '#client/auth';
import type { HiddenPhotographerView, HiddenPromotionView } from '#lib/contract-moderation';
import { copy } from '#lib/copy';
import { moderationCopy } from '#lib/copy-moderation';
import { formatPeriod } from '#lib/display';
import { thumbnailUrlFor } from '#lib/media-urls';
import { paths } from '#lib/paths';
import type { ReportTargetType } from '#lib/rules/report';
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
export type HiddenKind = Exclude<ReportTargetType, 'REVIEW'>;

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
      showToast(isApiRequestError(err) ? err.message : copy.errors.unexpected, 'error');
    }
  };
  return (
    <article className={styles['page']}>
      <div className={styles['banner']} role="status">
        <p className={styles['bannerTitle']}>{t[kind].banner}</p>
        <dl className={styles['facts']}>
          <dt>{t.reason}</dt>
          <dd data-hidden-reason>{view.hiddenReason}</dd>
          <dt>{t.hiddenAt}</dt>
          <dd>
            {new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(
              new Date(view.hiddenAt),
            )}
          </dd>
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
      </div>
      <Body view={view} />
    </article>
  );
}
