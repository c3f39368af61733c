/**
 * Text made safe for HTML built as a string (the browse cards of `#components/card-markup`, the 503
 * page) and for the sitemap's XML: `& < > " '` as entities (`&#39;`, which XML reads too), so it can
 * stand in element content and in double-quoted attributes.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const SPECIAL = /[&<>"']/g;

export function escapeHtml(value: string | number): string {
  const text = String(value);
  // Most card texts have nothing to escape: no replace, no new string.
  SPECIAL.lastIndex = 0;
  return SPECIAL.test(text) ? text.replace(SPECIAL, (c) => ENTITIES[c] ?? c) : text;
}
