import { useEffect, useState } from 'react';
import { api, isApiRequestError } from '../lib/api';
import { getAccessToken } from '../lib/auth';
import type { HiddenPromotionView } from '../lib/contract-moderation';
import { copy } from '../lib/copy';
import { moderationCopy } from '../lib/copy-moderation';
import { formatPeriod } from '../lib/display';
import { paths } from '../lib/paths';
import { NOT_FOUND_COOKIE, showToast } from '../stores/ui';
import { useSessionUser } from './hooks/useSession';
import styles from './HiddenEventView.module.css';

/** Anyone but the author and admins: the Not Found behaviour of every missing page (home, with its toast). */
function notFound(): void {
  document.cookie = `${NOT_FOUND_COOKIE}; Path=/; Max-Age=60; SameSite=Lax`;
  window.location.replace(paths.home);
}

/** A hidden event as its author (and admins) see it: that it is hidden, why, and what it says. */
export function HiddenEventView({ id }: { id: number }) {
  const user = useSessionUser();
  const [view, setView] = useState<HiddenPromotionView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!getAccessToken()) {
      notFound();
      return;
    }
    api
      .get<HiddenPromotionView>(`/promotions/${id}/moderation`, { skipForcedLogout: true })
      .then(setView)
      .catch((err: unknown) => {
        if (isApiRequestError(err) && (err.status === 404 || err.status === 401)) notFound();
        else setError(isApiRequestError(err) ? err.message : copy.errors.unexpected);
      });
  }, [id]);
  const t = moderationCopy.hiddenEvent;
  if (error)
    return (
      <p className={styles['status']} role="alert">
        {error}
      </p>
    );
  if (!view) return <p className="member-loading">{t.loading}</p>;
  const { promotion } = view;
  const unhide = async () => {
    try {
      await api.post(`/admin/promotions/${id}/unhide`);
      window.location.assign(paths.event(id));
    } catch (err) {
      showToast(isApiRequestError(err) ? err.message : copy.errors.unexpected, 'error');
    }
  };
  return (
    <article className={styles['page']}>
      <div className={styles['banner']} role="status">
        <p className={styles['bannerTitle']}>{t.banner}</p>
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
          <button type="button" className={styles['button']} onClick={() => void unhide()}>
            {moderationCopy.admin.unhide}
          </button>
        )}
      </div>
      {promotion.images[0] && <img className={styles['picture']} src={promotion.images[0].url} alt="" />}
      <h2 className={styles['title']}>{promotion.title}</h2>
      <p className={styles['period']}>{formatPeriod(promotion.startedAt, promotion.endedAt)}</p>
      <p className={styles['content']}>{promotion.content}</p>
    </article>
  );
}
