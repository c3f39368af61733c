/**
 * `client:painted` (registered in astro.config.mjs): hydrates an island once the page has loaded,
 * painted its largest element and gone idle (decision 019). For islands that show nothing until used
 * (the dialog host, the first-visit dialog): hydrated `client:idle`, they loaded React in front of the
 * largest paint, which Lighthouse's simulation charges them to.
 *
 * `client:painted="<selector>"` also hydrates at the first touch, key or focus on an element the
 * selector matches, if that comes sooner: the event gallery, which someone may swipe before the
 * largest paint (`SwiperGallery.astro`).
 */
import type { ClientDirective } from 'astro';
import { afterLargestPaint } from '../after-largest-paint';

const FIRST_USE = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const painted: ClientDirective = (load, { value }) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };
  if (value) {
    for (const el of document.querySelectorAll(value)) {
      for (const type of FIRST_USE) el.addEventListener(type, start, { once: true, passive: true });
    }
  }
  afterLargestPaint(start);
};

export default painted;
