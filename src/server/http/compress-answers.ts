/**
 * Compression of the answers made for one request (pages and API answers Astro renders; decision 008).
 * Astro renders a page whole, so its body arrives in one piece: it is
 * held until the answer ends, compressed in one call on this thread and sent with its length, headers
 * and body in one write. The `compression` middleware it replaces streamed every answer through a zlib
 * stream on the thread pool and ended it with a chunked terminator in a second write: two thread-pool
 * hops and two socket writes, 0.2–0.4 ms of each sequential answer (docs/decisions/008-render-cost.md).
 *
 * Answers that are not text (pictures, files) pass straight through and are never held.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { pickEncoding, type Encoding } from './encoding';
import { withVary } from './vary';

/** Below this a compressed copy saves less than it costs. */
const COMPRESS_MIN = 1024;
/** Larger bodies (a long sitemap) are compressed on the thread pool, so this thread is not held up. */
const ON_THREAD_MAX = 256 * 1024;
/** What is worth compressing: text, JSON, JavaScript, XML, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;

// Quality 1: a third of quality 4's time for 7–15 % more bytes (a page of 20 events: 3.0 KB against
// 2.8 KB in 37 µs against 95 µs; the 47 KB event list: 12.8 KB against 11.1 KB in 104 µs against
// 410 µs). Only answers made for one request pay it (pages and answers rendered, the members' list
// answers made from kept state): kept copies are compressed once, at the highest quality
// (src/server/cache/store.ts).
const brotliOptions = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` compressed for a client that accepts `encoding`, on this thread. */
function compressOnce(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, { level: 1 });
}

function compressLarge(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body, { level: 1 });
}

type Callback = (err?: Error | null) => void;

/** Whether an answer with these headers is compressed (and so held until it ends). */
function compressible(res: ServerResponse): boolean {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 304) return false;
  if (res.hasHeader('content-encoding')) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''))) return false;
  return COMPRESSIBLE.test(String(res.getHeader('content-type') ?? ''));
}

/** The headers argument of `writeHead`: an object, or a flat list of names and values. */
function setHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | readonly unknown[] | undefined): void {
  if (!headers) return;
  if (Array.isArray(headers)) {
    const flat = headers.flat() as string[];
    for (let i = 0; i + 1 < flat.length; i += 2) res.appendHeader(String(flat[i]), String(flat[i + 1]));
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && value !== null) res.setHeader(name, value as string | number | readonly string[]);
  }
}

const asBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      : Buffer.from(String(chunk), encoding);

/**
 * Makes `res` compress what is written to it, as the client's `Accept-Encoding` allows. Call before
 * anything is written; every answer then gets `Vary: Accept-Encoding` when its type is compressible.
 */
export function compressAnswers(req: IncomingMessage, res: ServerResponse): void {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const realWriteHead = res.writeHead;
  const realWrite = res.write;
  const realEnd = res.end;
  /** The body written so far while held; null when the answer passes straight through. */
  let held: Buffer[] | null = null;

  const restore = () => {
    res.writeHead = realWriteHead;
    res.write = realWrite;
    res.end = realEnd;
  };

  // Node calls `writeHead` itself before the first write when the caller did not.
  res.writeHead = function writeHead(
    this: ServerResponse,
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | readonly unknown[],
    headers?: OutgoingHttpHeaders | readonly unknown[],
  ) {
    res.statusCode = statusCode;
    if (typeof reason === 'string') res.statusMessage = reason;
    else headers = reason;
    setHeaders(res, headers);
    if (!compressible(res)) {
      restore();
      return res.writeHead(res.statusCode);
    }
    res.setHeader('Vary', withVary(res.getHeader('vary'), 'Accept-Encoding'));
    // Written again (an error answer after a failed render): what was held of the first is dropped.
    held = [];
    return res;
  } as ServerResponse['writeHead'];

  res.write = function write(chunk: unknown, encodingOrCb?: BufferEncoding | Callback, cb?: Callback) {
    if (held === null) res.writeHead(res.statusCode);
    if (held === null) return res.write(chunk as Buffer, encodingOrCb as BufferEncoding, cb as Callback);
    held.push(asBuffer(chunk, typeof encodingOrCb === 'string' ? encodingOrCb : undefined));
    const done = typeof encodingOrCb === 'function' ? encodingOrCb : cb;
    if (done) process.nextTick(done);
    return true;
  } as ServerResponse['write'];

  res.end = function end(chunk?: unknown, encodingOrCb?: BufferEncoding | Callback, cb?: Callback) {
    if (typeof chunk === 'function') {
      cb = chunk as Callback;
      chunk = undefined;
    }
    if (held === null) res.writeHead(res.statusCode);
    if (held === null) return res.end(chunk as Buffer, encodingOrCb as BufferEncoding, cb as Callback);
    if (chunk !== undefined && chunk !== null)
      held.push(asBuffer(chunk, typeof encodingOrCb === 'string' ? encodingOrCb : undefined));
    const done = typeof encodingOrCb === 'function' ? encodingOrCb : cb;
    const body = held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held);
    held = [];
    const send = (out: Buffer, as: Encoding) => {
      restore();
      if (as !== 'identity') res.setHeader('Content-Encoding', as);
      res.setHeader('Content-Length', out.length);
      res.writeHead(res.statusCode);
      res.end(out, done);
    };
    if (encoding === 'identity' || body.length < COMPRESS_MIN) send(body, 'identity');
    else if (body.length <= ON_THREAD_MAX) send(compressOnce(body, encoding), encoding);
    else
      compressLarge(body, encoding).then(
        (out) => (res.destroyed ? undefined : send(out, encoding)),
        () => (res.destroyed ? undefined : send(body, 'identity')),
      );
    return res;
  } as ServerResponse['end'];
}
