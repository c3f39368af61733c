/**
 * Pretendard is not in the critical path of a first visit: pages paint with the system's Korean font,
 * and the `fonts` class that switches to Pretendard goes on `<html>` after the page has loaded. Once the
 * fonts have been fetched (they are cached for a year), later pages set the class before their first
 * paint. See src/components/FontLoader.astro.
 */
export const FONTS_CLASS = 'fonts';
export const FONTS_CACHED_KEY = 'damabwa:fonts-cached';

/** The head script of later visits: runs before the first paint (inline, its hash in the page's CSP). */
export const fontsEarlyScript = `try{if(localStorage.getItem(${JSON.stringify(FONTS_CACHED_KEY)}))document.documentElement.classList.add(${JSON.stringify(FONTS_CLASS)})}catch(e){}`;
