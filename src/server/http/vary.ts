/**
 * The one way to add a request header's name to an answer's `Vary` (CORS adds `Origin`, compression
 * `Accept-Encoding`): merged with what is there, each name once whatever its case, and nothing added
 * after `*`, which already covers every name.
 */
export function withVary(current: number | string | readonly string[] | null | undefined, name: string): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === name.toLowerCase())) return names.join(', ');
  return [...names, name].join(', ');
}
