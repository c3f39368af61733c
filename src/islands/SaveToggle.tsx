import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { copy } from '#lib/copy';
import { $saves, saveKey, seedSave, toggleSave } from '#stores/saves';
import type { SaveKind } from '#stores/saves';
import { SAVE_ICON_PATH, saveButtonClasses, saveButtonView } from '#lib/save-button';
import type { SaveButtonVariant } from '#lib/save-button';
import styles from './SaveToggle.module.css';

interface Props {
  kind: SaveKind;
  id: number;
  /** The public count the server rendered. */
  count: number;
  /** What is saved, for the accessible name (`{name} 저장하기`). */
  name: string;
  variant?: SaveButtonVariant | undefined;
}

/**
 * Save toggle of the client-only React lists (my page's saved events). Pages rendered by the server use
 * `SaveButton.astro` and `src/client/save-buttons.ts` instead: no island per card (decision 008). Both
 * render the same markup through `saveButtonView`: the server's "not saved" state, disabled, until
 * mounted (a tap before would do nothing), then the store.
 */
export function SaveToggle({ kind, id, count, name, variant = 'card' }: Props) {
  const key = saveKey(kind, id);
  const saves = useStore($saves, { keys: [key] });
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    seedSave(kind, id, count);
    setMounted(true);
  }, [kind, id, count]);
  const view = saveButtonView(saves[key], count, mounted);
  return (
    <button
      type="button"
      className={saveButtonClasses(styles, variant)}
      aria-pressed={view.saved}
      aria-busy={view.busy}
      disabled={view.disabled}
      onClick={() => void toggleSave(kind, id)}
    >
      <svg className={styles['icon']} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d={SAVE_ICON_PATH} />
      </svg>
      <span className="sr-only">{copy.browse.save.save(name)}</span>
      <span className={styles['count']} aria-hidden="true" data-count="">
        {view.count}
      </span>
      <span className="sr-only" data-count-label="">
        {copy.browse.save.count(view.count)}
      </span>
    </button>
  );
}
