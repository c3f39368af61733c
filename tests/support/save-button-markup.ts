/**
 * The save button's markup before it is live, as `SaveButton.astro` (server) and `SaveToggle` (React,
 * before it mounts) must both render it (decision 008): one expected text for both, so the two copies
 * cannot drift apart. CSS module names are reduced to their local names (the hashes differ per build).
 */
import { copy } from '#lib/copy';
import { SAVE_ICON_PATH, type SaveButtonVariant } from '#lib/save-button';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Drops the enhancer's `data-save*` attributes, empty attribute values and CSS module hashes. */
export function normaliseSaveButton(html: string): string {
  return html
    .replace(/ data-save(-[a-z]+)?="[^"]*"/g, '')
    .replace(/=""/g, '')
    .replace(/\b_([a-zA-Z]+)_[0-9a-zA-Z-]+(?:_\d+)?\b/g, '$1');
}

export function expectedSaveButton(name: string, count: number, variant: SaveButtonVariant): string {
  return (
    `<button type="button" class="toggle ${variant}" aria-pressed="false" aria-busy="false" disabled>` +
    `<svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">` +
    `<path d="${SAVE_ICON_PATH}"></path></svg>` +
    `<span class="sr-only">${escapeHtml(copy.browse.save.save(name))}</span>` +
    `<span class="count" aria-hidden="true" data-count>${count}</span>` +
    `<span class="sr-only" data-count-label>${escapeHtml(copy.browse.save.count(count))}</span></button>`
  );
}
