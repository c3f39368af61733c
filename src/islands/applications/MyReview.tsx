import type { ApplicationResponse, ReviewResponse } from '#lib/contract';
import { reviewCopy } from '#lib/copy-reviews';
import { formatDate } from '#lib/display';
import { kstDateOf } from '#lib/applications';
import { mayEditReview, mayWriteReview, reviewWritableUntil } from '#lib/reviews';
import { askDeleteReview } from '#stores/my-reviews';
import styles from './applications.module.css';
import review from './review.module.css';

const day = (iso: string) => formatDate(kstDateOf(iso));

/**
 * The review part of a completed application on 내 신청 (issue 43): the ask to write one while it may
 * be written, or the member's review with its answer, why an admin hid it, and 고치기 / 지우기.
 */
export function MyReview({
  a,
  mine,
  onWrite,
}: {
  a: ApplicationResponse;
  mine: ReviewResponse | undefined;
  onWrite: (existing?: ReviewResponse) => void;
}) {
  const t = reviewCopy.form;
  if (a.status !== 'COMPLETED' || !a.completedAt) return null;
  if (!a.reviewId) {
    if (!mayWriteReview(a.completedAt)) return <p className={review['note']}>{t.expired}</p>;
    return (
      <div className={review['box']} data-review-ask>
        <p className={review['ask']}>{t.ask}</p>
        <p className={review['until']}>{t.askUntil(day(reviewWritableUntil(a.completedAt)))}</p>
        <div className={review['buttons']}>
          <button type="button" className={styles['primary']} onClick={() => onWrite()}>
            {t.write}
          </button>
        </div>
      </div>
    );
  }
  if (!mine) return <p className={review['note']}>{t.deleted}</p>;
  const editable = mayEditReview(mine.createdAt);
  return (
    <section className={review['mine']} aria-label={t.mine} data-my-review={mine.id}>
      <h3>
        {t.mine}{' '}
        <span className={review['mineStars']} role="img" aria-label={reviewCopy.stars(mine.rating)}>
          <span aria-hidden="true">{'★'.repeat(mine.rating)}</span>
          <span aria-hidden="true" className={review['off']}>
            {'★'.repeat(5 - mine.rating)}
          </span>
        </span>
      </h3>
      <p className={review['mineText']}>{mine.text}</p>
      {mine.photos.length > 0 && (
        <ul className={review['photos']}>
          {mine.photos.map((p, i) => (
            <li key={p.url}>
              <img src={p.url} alt={t.photoAlt(i + 1)} width={64} height={64} />
            </li>
          ))}
        </ul>
      )}
      {mine.hidden && <p className={review['warn']}>{t.hidden(mine.hidden.reason)}</p>}
      {mine.reply && (
        <div className={review['replyBox']}>
          <p>
            <strong>{reviewCopy.replyLabel}</strong>
          </p>
          <p>{mine.reply.text}</p>
        </div>
      )}
      {editable && <p className={review['until']}>{t.editableUntil(day(mine.editableUntil))}</p>}
      <div className={review['buttons']}>
        {editable && (
          <button type="button" className={styles['secondary']} onClick={() => onWrite(mine)}>
            {t.edit}
          </button>
        )}
        <button type="button" className={styles['danger']} onClick={() => askDeleteReview(a.id, mine.id)}>
          {t.remove}
        </button>
      </div>
    </section>
  );
}
