import type { PromotionListItem } from '#lib/contract';
import { memberCopy } from '#lib/copy-member';
import { cardDeadline, cardDeadlineLabel } from '#lib/deadline';
import { thumbnailUrlFor } from '#lib/media-urls';
import { paths } from '#lib/paths';
import { cutEventTitle } from '#lib/text';
import styles from './ClosingSoon.module.css';

/** My page: the saved events that close soon, with the lists' D-day labels, so none is missed. */
export function ClosingSoon({ events, now = Date.now() }: { events: PromotionListItem[]; now?: number }) {
  if (events.length === 0) return null;
  const t = memberCopy.myPage;
  return (
    <section className={styles['section']} aria-labelledby="mypage-closing-soon">
      <h2 id="mypage-closing-soon" className={styles['heading']}>
        {t.closingSoon}
      </h2>
      <ul className={styles['strip']}>
        {events.map((event) => {
          const image = event.images[0];
          const cut = cutEventTitle(event.title);
          return (
            <li key={event.id} className={styles['card']}>
              <a className={styles['link']} href={paths.event(event.id)}>
                <span className={styles['thumb']}>
                  {image && <img src={thumbnailUrlFor(image.url)} alt="" width={120} height={120} loading="lazy" />}
                  <span className={styles['ribbon']} data-kind={cardDeadline(event.startedAt, event.endedAt, now).kind}>
                    {cardDeadlineLabel(event.startedAt, event.endedAt, now)}
                  </span>
                </span>
                <span className={styles['title']}>
                  <span aria-hidden="true">{cut}</span>
                  <span className="sr-only">{event.title}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
