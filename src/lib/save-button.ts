/**
 * The save button's one state-to-view rule (spec §4 Save toggle), shared by the server-rendered button
 * (`SaveButton.astro`, enhanced by `src/client/save-buttons.ts`) and the React toggle of client-only lists
 * (`SaveToggle.tsx`): both render the same markup from it, so the two cannot drift apart (decision 008).
 */

export type SaveButtonVariant = 'card' | 'bar' | 'profile';

/** The store's entry for a button (`SaveEntry` of `#stores/saves`), as far as the view reads it. */
export interface SaveState {
  saved: boolean;
  /** Null while only the saved state is known: the button keeps the count the server rendered. */
  count: number | null;
  pending: boolean;
}

export interface SaveButtonView {
  saved: boolean;
  busy: boolean;
  disabled: boolean;
  count: number;
}

/**
 * What a button shows. Before it is live (`ready` false: the server's HTML, or a React toggle before it
 * mounts) it is the same for every visitor: not saved, disabled (a tap would do nothing), the public
 * count. Once live, the store's entry, with the rendered count until the store has one.
 */
export function saveButtonView(entry: SaveState | undefined, renderedCount: number, ready: boolean): SaveButtonView {
  const live = ready ? entry : undefined;
  return {
    saved: live?.saved ?? false,
    busy: live?.pending ?? false,
    disabled: !ready,
    count: Math.max(0, live?.count ?? renderedCount),
  };
}

/** The CSS module's classes of a button (`SaveToggle.module.css`); the saved look follows `aria-pressed`. */
export function saveButtonClasses(styles: Readonly<Record<string, string>>, variant: SaveButtonVariant): string {
  return [styles['toggle'], styles[variant]].filter(Boolean).join(' ');
}

/** The bookmark icon's outline (24 × 24). */
export const SAVE_ICON_PATH = 'M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.6L5 21V4.5a1 1 0 0 1 1-1z';
