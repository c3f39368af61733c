/**
 * Makes the page's share buttons (`ShareButton.astro`) live, without an island (decision 008):
 * enables them and shares on a tap, with one listener for the page. What sharing does is `shareLink`
 * (`./share.ts`); this module adds the spec §8 toasts. Loaded by BaseLayout's `AfterPaint` island after
 * the largest paint; until then the buttons are disabled.
 */
import { copy } from '#lib/copy';
import { showToast } from '#stores/ui';
import { shareLink } from './share';

/** How long the copied and failed toasts stay (spec §8: 1 s). */
const COPY_TOAST_MS = 1000;

const SELECTOR = 'button[data-share-url]';
let listening = false;

function onClick(event: Event): void {
  const target = event.target;
  const el = target instanceof Element ? target.closest(SELECTOR) : null;
  if (!(el instanceof HTMLButtonElement) || el.disabled) return;
  const url = el.dataset['shareUrl'] ?? location.href;
  const title = el.dataset['shareTitle'] ?? document.title;
  // The share sheet needs the tap's user activation: `shareLink` asks for it before its first await.
  void shareLink({ url, title }, navigator).then((outcome) => {
    if (outcome === 'copied') showToast(copy.toast.urlCopied, 'info', COPY_TOAST_MS);
    if (outcome === 'failed') showToast(copy.toast.copyFailed, 'error', COPY_TOAST_MS);
  });
}

/** Enables every share button of the document; safe to call again. */
export function enhanceShareButtons(doc: Document = document): void {
  for (const el of doc.querySelectorAll<HTMLButtonElement>(SELECTOR)) el.disabled = false;
  if (listening) return;
  listening = true;
  doc.addEventListener('click', onClick);
}
