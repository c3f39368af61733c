/**
 * `client:painted` (registered in astro.config.mjs): hydrates an island once the page has loaded,
 * painted its largest element and gone idle (decision 019); `client:painted="visible"` also waits until
 * the island is on screen. Islands the first screen only shows (save, share and options buttons,
 * dialogs, filters) then never load React in front of the largest paint, which Lighthouse's simulation
 * charges them to. Until then their server HTML shows, with its controls disabled (`useHydrated`).
 */
import type { ClientDirective } from 'astro';
import { afterLargestPaint } from '../after-largest-paint';

const painted: ClientDirective = (load, options, el) => {
  const hydrate = async () => (await load())();
  afterLargestPaint(() => {
    if (options.value !== 'visible') return void hydrate();
    // Islands are `display: contents`: watch their children, which have the boxes.
    const targets = el.children.length > 0 ? [...el.children] : [el];
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void hydrate();
    });
    for (const t of targets) observer.observe(t);
  });
};

export default painted;
