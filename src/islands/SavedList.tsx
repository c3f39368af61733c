import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { copy } from '#lib/copy';
import { memberCopy } from '#lib/copy-member';
import { cardDeadline, cardDeadlineLabel } from '#lib/deadline';
import { regionsLabel, typesLabel } from '#lib/display';
import { PROMOTION_TYPE_LABELS } from '#lib/domain';
import type { PromotionListItem, SavedPhotographerItem } from '#lib/contract';
import type { SavedType } from '#client/member-api';
import { thumbnailUrlFor } from '#lib/media-urls';
import { paths } from '#lib/paths';
import { cutPhotographerNickname } from '#lib/text';
import { SAVE_ICON_PATH } from '#lib/save-button';
import { $savedList, loadMoreSaved, openSavedList, retrySaved } from '#stores/saved-lists';
import { $saves, saveKey, toggleSave } from '#stores/saves';
import { MemberGate } from './member/MemberGate';
import { SaveToggle } from './SaveToggle';
import styles from './SavedList.module.css';
import { MoreButton } from './member/MoreButton';

interface Props {
  type: SavedType;
}

function EventRow({ event }: { event: PromotionListItem }) {
  const now = Date.now();
  const image = event.images[0];
  return (
    <li className={styles['eventRow']}>
      <a className={styles['eventLink']} href={paths.event(event.id)}>
        <div className={styles['thumb']}>
          {image && <img src={thumbnailUrlFor(image.url)} alt="" width={96} height={96} loading="lazy" />}
        </div>
        <div className={styles['info']}>
          <p className={styles['meta']}>
            <span className={styles['ptype']} data-type={event.promotionType}>
              {PROMOTION_TYPE_LABELS[event.promotionType]}
            </span>
            <span className={styles['due']} data-kind={cardDeadline(event.startedAt, event.endedAt, now).kind}>
              {cardDeadlineLabel(event.startedAt, event.endedAt, now)}
            </span>
          </p>
          {/* The whole title, cut by the row's width (two lines), not at a fixed count of characters. */}
          <h2 className={`${styles['title']} ${styles['eventTitle']}`}>{event.title}</h2>
          {event.activeRegions.length > 0 && <p className={styles['sub']}>{regionsLabel(event.activeRegions)}</p>}
          <p className={styles['sub']}>
            <span className="sr-only">{copy.browse.card.types}: </span>
            {typesLabel(event.photographyTypes)}
          </p>
        </div>
      </a>
      <div className={styles['save']}>
        <SaveToggle kind="promotion" id={event.id} count={event.saveCount} name={event.title} />
      </div>
    </li>
  );
}

/** The bookmark on a saved photographer's picture, with the count like every other save toggle. */
function PhotographerSave({ id, name, count }: { id: number; name: string; count: number }) {
  const key = saveKey('photographer', id);
  const saves = useStore($saves, { keys: [key] });
  const entry = saves[key];
  const saved = entry?.saved ?? true;
  const shown = entry?.count ?? count;
  return (
    <button
      type="button"
      className={`${styles['photographerSave']} ${saved ? styles['saved'] : ''}`}
      aria-pressed={saved}
      aria-busy={entry?.pending ?? false}
      onClick={() => void toggleSave('photographer', id)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d={SAVE_ICON_PATH} />
      </svg>
      <span className="sr-only">{copy.browse.save.save(name)}</span>
      <span className={styles['photographerCount']} aria-hidden="true">
        {shown}
      </span>
      <span className="sr-only">{copy.browse.save.count(shown)}</span>
    </button>
  );
}

function PhotographerCell({ photographer: p }: { photographer: SavedPhotographerItem }) {
  const cut = cutPhotographerNickname(p.nickname);
  return (
    <li className={styles['photographerCell']}>
      <a className={styles['photographerLink']} href={paths.photographer(p.id)}>
        <div className={styles['photo']}>
          {p.profileImage && (
            <img src={thumbnailUrlFor(p.profileImage.url)} alt="" width={180} height={180} loading="lazy" />
          )}
        </div>
        <h2 className={styles['title']}>
          {cut === p.nickname ? (
            p.nickname
          ) : (
            <>
              <span aria-hidden="true">{cut}</span>
              <span className="sr-only">{p.nickname}</span>
            </>
          )}
        </h2>
        <p className={styles['sub']}>
          <span className="sr-only">{copy.browse.card.types}: </span>
          {typesLabel(p.mainPhotographyTypes)}
        </p>
      </a>
      <div className={styles['photoSave']}>
        <PhotographerSave id={p.id} name={p.nickname} count={p.saveCount} />
      </div>
    </li>
  );
}

/** /my/saved/:type — the saved events or photographers, from the API, with their save toggles. */
export function SavedList({ type }: Props) {
  const state = useStore($savedList);
  useEffect(() => {
    void openSavedList(type);
  }, [type]);
  const t = memberCopy.saved;
  const list = state.list;
  const empty = list !== null && list.items.length === 0;
  return (
    <MemberGate onRetry={() => void openSavedList(type)} loading={state.status === 'loading'}>
      <div className={styles['page']}>
        {state.status === 'error' && (
          <div className={styles['error']} role="alert">
            <p>{state.error}</p>
            <button type="button" className={styles['moreButton']} onClick={() => void retrySaved(type)}>
              {memberCopy.retry}
            </button>
          </div>
        )}
        {empty && (
          <div className={styles['empty']}>
            {t.empty[type].map((line) => (
              <p key={line}>{line}</p>
            ))}
            <a className={styles['moreButton']} href={type === 'promotion' ? paths.events : paths.photographers}>
              {t.browse[type]}
            </a>
          </div>
        )}
        {list?.type === 'promotion' && list.items.length > 0 && (
          <ul className={styles['events']} aria-label={t.listLabel(t.promotion)}>
            {list.items.map((e) => (
              <EventRow key={e.id} event={e} />
            ))}
          </ul>
        )}
        {list?.type === 'photographer' && list.items.length > 0 && (
          <ul className={styles['photographers']} aria-label={t.listLabel(t.photographer)}>
            {list.items.map((p) => (
              <PhotographerCell key={p.id} photographer={p} />
            ))}
          </ul>
        )}
        {state.hasNext && (
          <MoreButton
            className={styles['moreButton']}
            loading={state.status === 'loadingMore'}
            onMore={() => void loadMoreSaved(type)}
            label={t.more}
          />
        )}
      </div>
    </MemberGate>
  );
}
