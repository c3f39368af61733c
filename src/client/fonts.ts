/**
 * Pretendard is not in the critical path of a first visit: pages paint with the system's Korean font,
 * and after the page has loaded the font's stylesheet (its `@font-face` rules, 48 KB) is added and the
 * `fonts` class that switches to Pretendard goes on `<html>`. Once the fonts have been fetched (they
 * are cached for a year), later pages add both before their first paint. See
 * src/components/FontLoader.astro.
 */
export const FONTS_CLASS = 'fonts';
export const FONTS_CACHED_KEY = 'damabwa:fonts-cached';
/** Marks the font stylesheet's `<link>`, so it is added once. */
export const FONTS_LINK_ATTR = 'data-fonts';

/**
 * The head script of later visits: runs before the first paint (inline, its hash in the page's CSP). The
 * stylesheet it adds is `blocking="render"`: it comes from the cache, and the first paint waits for it
 * instead of flashing the system font.
 */
export function fontsEarlyScript(stylesheetHref: string): string {
  const link = `var l=document.createElement('link');l.rel='stylesheet';l.href=${JSON.stringify(stylesheetHref)};l.setAttribute('blocking','render');l.setAttribute(${JSON.stringify(FONTS_LINK_ATTR)},'');document.head.appendChild(l);`;
  return `try{if(localStorage.getItem(${JSON.stringify(FONTS_CACHED_KEY)})){${link}document.documentElement.classList.add(${JSON.stringify(FONTS_CLASS)})}}catch(e){}`;
}
