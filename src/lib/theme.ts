/** The browser theme colour per route, exactly as the spec says. */
export const THEME_LOGIN = '#7B35D3';
export const THEME_BRAND = '#622AA9';
export const THEME_DEFAULT = '#FFFFFF';

export function themeColorFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/login') return THEME_LOGIN;
  if (path === '/' || path === '/events' || path === '/photographers') return THEME_BRAND;
  if (path === '/photographer' || path.startsWith('/photographer/')) return THEME_BRAND;
  return THEME_DEFAULT;
}
