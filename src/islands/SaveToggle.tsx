import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { copy } from '#lib/copy';
import { $saves, loadPromotionDetail, loadSavedState, saveKey, seedSave, toggleSave } from '#stores/saves';
import type { SaveBatch, SaveKind } from '#stores/saves';
import styles from './SaveToggle.module.css';

interface Props {
  kind: SaveKind;
  id: number;
  /** The public count the server rendered. */
  count: number;
  /** What is saved, for the accessible name (`{name} 저장하기`). */
  name: string;
  variant?: 'card' | 'bar' | 'profile' | undefined;
  /** Every id on the page: the first toggle to mount asks for all of them in one call. */
  batch?: SaveBatch | undefined;
  /** Event detail page: the state comes from the details call, which also counts the view. */
  fromDetail?: boolean;
}

/**
 * Save toggle (heart and count). Renders the server's "not saved" state, disabled, until mounted (a tap
 * before hydration would do nothing), then the store.
 */
export function SaveToggle({ kind, id, count, name, variant = 'card', batch, fromDetail = false }: Props) {
  const key = saveKey(kind, id);
  const saves = useStore($saves, { keys: [key] });
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    seedSave(kind, id, count);
    setMounted(true);
    if (fromDetail && kind === 'promotion') void loadPromotionDetail(id);
    else if (batch) void loadSavedState(batch);
    // The batch is the page's id list: fixed for the life of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, id, count, fromDetail]);
  const entry = mounted ? saves[key] : undefined;
  const saved = entry?.saved ?? false;
  const shown = entry?.count ?? count;
  return (
    <button
      type="button"
      className={`${styles['toggle']} ${styles[variant]} ${saved ? styles['saved'] : ''}`}
      aria-pressed={saved}
      aria-busy={entry?.pending ?? false}
      disabled={!mounted}
      onClick={() => void toggleSave(kind, id)}
    >
      <svg className={styles['icon']} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.6L5 21V4.5a1 1 0 0 1 1-1z" />
      </svg>
      <span className="sr-only">{copy.browse.save.save(name)}</span>
      <span className={styles['count']} aria-hidden="true">
        {shown}
      </span>
      <span className="sr-only">{copy.browse.save.count(shown)}</span>
    </button>
  );
}
