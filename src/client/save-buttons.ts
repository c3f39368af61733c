/**
 * Makes the page's server-rendered save buttons (`SaveButton.astro`) live, all at once, without an
 * island per button (decision 008): seeds the store with each public count, enables the buttons, fills
 * the visitor's saved state with ONE call (`loadSavedState` for the `batch` buttons, or the event page's
 * details call, which also counts the view), keeps every button in step with `$saves` and toggles on
 * click (one listener for the page). The state logic is `#stores/saves`; what a button shows for an
 * entry is `saveButtonView`, the rule `SaveToggle` renders too.
 *
 * Loaded once per page by BaseLayout's `AfterPaint` island (`client:painted`): after the largest paint, so
 * it never competes with it (decision 019). Until then the buttons are disabled: a tap does nothing.
 */
import { copy } from '#lib/copy';
import { saveButtonView } from '#lib/save-button';
import { $saves, loadPromotionDetail, loadSavedState, saveKey, seedSave, toggleSave } from '#stores/saves';
import type { SaveKind } from '#stores/saves';

interface LiveButton {
  el: HTMLButtonElement;
  kind: SaveKind;
  id: number;
  /** The count the server rendered. */
  count: number;
  load: string | undefined;
}

const live = new Map<HTMLButtonElement, LiveButton>();
let listening = false;

function read(el: HTMLButtonElement): LiveButton | null {
  const kind = el.dataset['save'];
  const id = Number(el.dataset['saveId']);
  const count = Number(el.dataset['saveCount']);
  if (kind !== 'promotion' && kind !== 'photographer') return null;
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(count)) return null;
  return { el, kind, id, count, load: el.dataset['saveLoad'] };
}

function setText(el: Element | null, text: string): void {
  if (el && el.textContent !== text) el.textContent = text;
}

/** One button from its store entry: the same rule and texts as `SaveToggle`. */
function paint(button: LiveButton, entries: ReturnType<typeof $saves.get>): void {
  const view = saveButtonView(entries[saveKey(button.kind, button.id)], button.count, true);
  const { el } = button;
  if (el.getAttribute('aria-pressed') !== String(view.saved)) el.setAttribute('aria-pressed', String(view.saved));
  if (el.getAttribute('aria-busy') !== String(view.busy)) el.setAttribute('aria-busy', String(view.busy));
  if (el.disabled !== view.disabled) el.disabled = view.disabled;
  setText(el.querySelector('[data-count]'), String(view.count));
  setText(el.querySelector('[data-count-label]'), copy.browse.save.count(view.count));
}

function paintAll(): void {
  const entries = $saves.get();
  for (const button of live.values()) paint(button, entries);
}

function onClick(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const el = target.closest('button[data-save]');
  const button = el instanceof HTMLButtonElement ? live.get(el) : undefined;
  if (!button || button.el.disabled) return;
  void toggleSave(button.kind, button.id);
}

/** Enhances every save button of the document not enhanced yet; safe to call again. */
export function enhanceSaveButtons(doc: Document = document): void {
  const found: LiveButton[] = [];
  for (const el of doc.querySelectorAll<HTMLButtonElement>('button[data-save]')) {
    const button = live.has(el) ? null : read(el);
    if (button) found.push(button);
  }
  for (const button of found) {
    seedSave(button.kind, button.id, button.count);
    live.set(button.el, button);
  }
  if (!listening) {
    listening = true;
    $saves.listen(paintAll);
    doc.addEventListener('click', onClick);
  }
  paintAll();

  const ids = (kind: SaveKind) => [
    ...new Set(found.filter((b) => b.kind === kind && b.load === 'batch').map((b) => b.id)),
  ];
  const batch = { promotionIds: ids('promotion'), photographerIds: ids('photographer') };
  if (batch.promotionIds.length > 0 || batch.photographerIds.length > 0) void loadSavedState(batch);
  // The event page: one details call per page view, shared with the options menu (it counts the view).
  for (const id of new Set(found.filter((b) => b.kind === 'promotion' && b.load === 'detail').map((b) => b.id))) {
    void loadPromotionDetail(id);
  }
}
