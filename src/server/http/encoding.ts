/**
 * Content negotiation for the encodings the server keeps ready: brotli, gzip, or none.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding an `Accept-Encoding` header allows: brotli over gzip, `q=0` refuses one, `*` stands
 * for any not named. No header means identity.
 */
export function pickEncoding(header: string | undefined | null): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => q.get(name) ?? (name === 'x-gzip' ? undefined : q.get('*')) ?? 0;
  const gzip = Math.max(weightOf('gzip'), q.get('x-gzip') ?? 0);
  const br = weightOf('br');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
