/**
 * The build's static files (dist/client), indexed once at startup and answered from memory: no file
 * system call per request, and only paths that exist in the index can be served. Brotli and gzip
 * variants come from the build (scripts/lib/precompress.mjs writes `name.br`, `name.gz`), so a request
 * costs no compression. `/_astro/*` names carry a content hash and are cached for a year.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { pickEncoding, type Encoding } from './encoding';

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Files up to this size are held in memory; larger ones are streamed from disk, uncompressed. */
const MAX_IN_MEMORY = 2 * 1024 * 1024;

interface Variant {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  path: string;
  type: string;
  size: number;
  lastModified: string;
  hashed: boolean;
  /** identity is absent for a file streamed from disk. */
  variants: Partial<Record<Encoding, Variant>>;
  etag: string;
}

export interface StaticFiles {
  /** Answers the request if it is a GET or HEAD for a file of the build; false otherwise. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  readonly count: number;
}

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

const etagOf = (body: Buffer, suffix = '') =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}${suffix}"`;

/** Indexes `dir` (the build's client folder). A missing folder gives an empty index. */
export function loadStaticFiles(dir: string): StaticFiles {
  const files = new Map<string, StaticFile>();
  const all = new Set(walk(dir));
  for (const path of all) {
    const variantOf = /\.(br|gz)$/.exec(path);
    if (variantOf && all.has(path.slice(0, -variantOf[0].length))) continue;
    const stat = statSync(path);
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    const file: StaticFile = {
      path,
      type: MIME[extname(path).toLowerCase()] ?? 'application/octet-stream',
      size: stat.size,
      lastModified: stat.mtime.toUTCString(),
      hashed: urlPath.startsWith('/_astro/'),
      variants: {},
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    };
    if (stat.size <= MAX_IN_MEMORY) {
      const body = readFileSync(path);
      file.etag = etagOf(body);
      file.variants.identity = { body, etag: file.etag };
      for (const [encoding, ext] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (all.has(path + ext))
          file.variants[encoding] = { body: readFileSync(path + ext), etag: etagOf(body, `-${ext.slice(1)}`) };
      }
    }
    files.set(urlPath, file);
  }

  return {
    count: files.size,
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      } catch {
        return false;
      }
      const file = files.get(pathname);
      if (!file) return false;
      const compressed = file.variants.br !== undefined || file.variants.gzip !== undefined;
      const encoding = compressed ? pickEncoding(req.headers['accept-encoding']) : 'identity';
      const variant = file.variants[encoding] ?? file.variants.identity;
      const etag = variant?.etag ?? file.etag;

      res.setHeader('Content-Type', file.type);
      res.setHeader('Cache-Control', file.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Last-Modified', file.lastModified);
      res.setHeader('ETag', etag);
      if (compressed) res.setHeader('Vary', 'Accept-Encoding');
      if (notModified(req, etag, file.lastModified)) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      if (variant && variant !== file.variants.identity) res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', variant ? variant.body.length : file.size);
      res.statusCode = 200;
      if (req.method === 'HEAD') res.end();
      else if (variant) res.end(variant.body);
      else
        createReadStream(file.path)
          .on('error', () => res.destroy())
          .pipe(res);
      return true;
    },
  };
}

/** A conditional GET whose copy is current: `If-None-Match` decides when present, else `If-Modified-Since`. */
function notModified(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    const weak = (t: string) => t.trim().replace(/^W\//, '');
    return inm.trim() === '*' || inm.split(',').some((t) => weak(t) === weak(etag));
  }
  const ims = req.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}
