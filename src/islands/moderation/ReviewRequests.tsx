import type { HiddenItem } from '#lib/contract-moderation';
import { moderationCopy } from '#lib/copy-moderation';
import { formatDateTime } from '#lib/display';
import { paths } from '#lib/paths';
import styles from '../AdminPage.module.css';

interface Props {
  items: HiddenItem[];
  onUnhide: (target: { type: HiddenItem['type']; id: number }) => void;
  onKeepHidden: (target: { type: HiddenItem['type']; id: number }) => void;
}

/**
 * /admin: hidden content whose owner asked for another look (issue 44, item 7), oldest first. The admin
 * opens it (the hidden view shows what it says now), then shows it again or keeps it hidden.
 */
export function ReviewRequests({ items, onUnhide, onKeepHidden }: Props) {
  const t = moderationCopy.reviewRequests;
  const admin = moderationCopy.admin;
  return (
    <section aria-labelledby="admin-review-requests">
      <h2 id="admin-review-requests" className={styles['heading']}>
        {t.title}
      </h2>
      {items.length === 0 ? (
        <p className={styles['empty']}>{t.empty}</p>
      ) : (
        <ul className={styles['list']}>
          {items.map((item) => (
            <li
              key={`${item.type}:${item.id}`}
              className={styles['item']}
              data-review-request={`${item.type}:${item.id}`}
            >
              <a
                className={styles['name']}
                href={item.type === 'PROMOTION' ? paths.event(item.id) : paths.photographer(item.id)}
              >
                {moderationCopy.myNotice.kind[item.type]} · {item.name}
              </a>
              <p className={styles['meta']}>{t.requestedAt(formatDateTime(item.reviewRequestedAt ?? item.hiddenAt))}</p>
              <p className={styles['detail']}>{item.hiddenReason}</p>
              <div className={styles['actions']}>
                <button
                  type="button"
                  className={styles['button']}
                  onClick={() => onUnhide({ type: item.type, id: item.id })}
                >
                  {admin.unhide}
                </button>
                <button
                  type="button"
                  className={styles['button']}
                  onClick={() => onKeepHidden({ type: item.type, id: item.id })}
                >
                  {t.keepHidden}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
