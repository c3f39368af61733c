/**
 * `client:painted` (registered in astro.config.mjs): hydrates an island once the page has loaded,
 * painted its largest element and gone idle (decision 019). For islands that show nothing until used
 * (the dialog host, the first-visit dialog): hydrated `client:idle`, they loaded React in front of the
 * largest paint, which Lighthouse's simulation charges them to.
 */
import type { ClientDirective } from 'astro';
import { afterLargestPaint } from '../after-largest-paint';

const painted: ClientDirective = (load) => {
  afterLargestPaint(() => void load().then((hydrate) => hydrate()));
};

export default painted;
