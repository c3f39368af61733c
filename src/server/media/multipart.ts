/**
 * Streams a multipart/form-data request through busboy. Each file part is collected only up to its
 * byte limit; past a limit (file size, file count, parts) the reader records the failure, stops
 * collecting and discards the rest of the body, so memory never holds more than one file's bytes.
 * The rest is read and dropped rather than left unread, so the client still receives our answer
 * instead of a reset connection; past `maxDiscardBytes` the body is abandoned and the answer closes the
 * connection.
 *
 * A body that comes too slowly (`pace`: past its deadline, or under its minimum rate over a window) is
 * abandoned at once: 408 with `Connection: close`, nothing more is read, and the upload's place and
 * work are freed when it is answered. Time the reader spends waiting on our own image work (the
 * backpressure below) is not counted against the client.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ApiError, badRequest, payloadTooLarge, statusOf, unsupportedMediaType } from '#server/http/errors';
import { DomainError } from '#server/services/errors';

export interface MultipartLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
  /** After a failure, bytes still read (and dropped) so the client can take the answer. */
  maxDiscardBytes: number;
  /** How fast the body must come; no bound when absent. */
  pace?: BodyPace;
}

export interface BodyPace {
  /** The whole body within this time. */
  timeoutMs: number;
  /** At least this many bytes a second, over each window (0: no minimum rate). */
  minBytesPerSecond: number;
  /** The window the rate is measured over; the first check comes after one window. */
  windowMs: number;
}

export interface ReceivedFile {
  field: string;
  /** As the client sent it (UTF-8), not yet cleaned. */
  filename: string;
  declaredType: string;
  bytes: Uint8Array;
}

export interface MultipartHandlers {
  /** A text part. Throwing stops the upload with that error. */
  onField(name: string, value: string): void;
  /**
   * A complete file part within the limits. Throwing stops the upload with that error. The next file
   * part is read once the returned promise settles.
   */
  onFile(file: ReceivedFile): void | Promise<unknown>;
}

export interface MultipartReader {
  /** Resolves when the body has been read (or abandoned); rejects with the first failure. */
  done: Promise<void>;
  /** Stops the upload with `err` (e.g. a file failed processing); the rest of the body is discarded. */
  fail(err: unknown): void;
}

const MULTIPART = /^multipart\/form-data\s*;/i;

/** 408 for a body that comes too slowly; the connection closes (the rest of the body is never read). */
export const tooSlow = (): ApiError =>
  new ApiError(
    408,
    'BAD_REQUEST',
    '사진이 너무 느리게 전송되어 업로드를 멈췄어요. 네트워크 상태를 확인한 뒤 다시 시도해 주세요.',
    undefined,
    { Connection: 'close' },
  );

/** The answer to `err` with `Connection: close`; null for an error that is not the API's own. */
function closingConnection(err: unknown): ApiError | null {
  if (!(err instanceof DomainError)) return null;
  const headers = err instanceof ApiError ? err.headers : undefined;
  return new ApiError(statusOf(err), err.code, err.message, err.errors, { ...headers, Connection: 'close' });
}

export function readMultipart(request: Request, limits: MultipartLimits, handlers: MultipartHandlers): MultipartReader {
  const contentType = request.headers.get('content-type') ?? '';
  if (!MULTIPART.test(contentType) || !/\bboundary=/i.test(contentType)) {
    throw unsupportedMediaType('파일은 multipart/form-data 형식으로 보내 주세요.');
  }
  if (!request.body) throw badRequest('업로드할 파일이 없어요.');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: {
        files: limits.maxFiles,
        // busboy reports "limit" on reaching the size, so a file of exactly the maximum needs one byte more.
        fileSize: limits.maxFileBytes + 1,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields,
        headerPairs: 20,
      },
    });
  } catch {
    throw badRequest('multipart 요청의 형식이 올바르지 않아요.');
  }

  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  let failure: unknown = null;
  let discarded = 0;
  let stopPace: () => void = () => undefined;
  let settle: (err: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    let settled = false;
    settle = (err) => {
      if (settled) return;
      settled = true;
      stopPace();
      if (err) reject(err);
      else resolve();
    };
  });

  const fail = (err: unknown): void => {
    failure ??= err;
  };

  // Bytes received, and file parts whose work (ours) holds the body back: see watchPace below.
  const progress = { bytes: 0, working: 0 };
  source.on('data', (chunk: Buffer) => {
    progress.bytes += chunk.length;
    if (failure === null) return;
    discarded += chunk.length;
    if (discarded > limits.maxDiscardBytes) {
      // Enough: stop reading. The answer says the connection closes: the rest of the body is still on
      // it, so a client must not send its next request there (one that did met a reset connection).
      // Node closes the socket once the answer is written.
      source.unpipe(parser);
      const closing = closingConnection(failure);
      if (closing) {
        source.pause();
        settle(closing);
      } else {
        source.destroy();
        settle(failure);
      }
    }
  });
  source.on('error', (err) => {
    fail(/size limit/i.test(err.message) ? payloadTooLarge() : badRequest('요청 본문을 끝까지 받지 못했어요.'));
    settle(failure);
  });

  // Backpressure: the next file part is not read until the previous file's work (returned by
  // onFile) is done, so a request holds about one file's bytes at a time, whatever its size.
  let previous: Promise<unknown> = Promise.resolve();

  parser.on('file', (name, stream, info) => {
    if (failure !== null || name !== 'files') {
      // A body that ends inside a skipped part errors that part too; without a listener the process dies.
      // The parser's own 'error' (below) records the failure.
      stream.on('error', () => undefined);
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let tooLarge = false;
    stream.on('limit', () => {
      tooLarge = true;
      chunks.length = 0;
      fail(
        payloadTooLarge(
          `파일은 한 개에 ${(limits.maxFileBytes / 1024 / 1024).toLocaleString('ko-KR')}MB(${limits.maxFileBytes.toLocaleString('ko-KR')}바이트)까지 올릴 수 있어요.`,
        ),
      );
    });
    // A body that ends inside a file part errors the part as well as the parser.
    stream.on('error', () => fail(badRequest('multipart 요청이 올바르지 않거나 중간에 끊겼어요.')));
    const turn = previous;
    let release: () => void = () => undefined;
    previous = new Promise<void>((resolve) => {
      release = resolve;
    });
    void turn.then(() => {
      stream.on('data', (chunk: Buffer) => {
        if (failure === null && !tooLarge) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (failure !== null || tooLarge) {
          release();
          return;
        }
        try {
          const work = handlers.onFile({
            field: name,
            filename: info.filename ?? '',
            declaredType: info.mimeType,
            bytes: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks),
          });
          chunks.length = 0;
          // Until the work settles the next part waits: our time, not the client's (watchPace).
          progress.working++;
          const settled = (): void => {
            progress.working--;
            release();
          };
          void Promise.resolve(work).then(settled, settled);
        } catch (err) {
          fail(err);
          release();
        }
      });
    });
  });

  parser.on('field', (name, value, info) => {
    if (failure !== null) return;
    if (name === 'files') {
      fail(badRequest('files 에는 파일을 담아 보내 주세요.'));
      return;
    }
    if (info.valueTruncated) {
      fail(badRequest(`${name} 값이 너무 길어요.`));
      return;
    }
    try {
      handlers.onField(name, value);
    } catch (err) {
      fail(err);
    }
  });

  parser.on('filesLimit', () => fail(payloadTooLarge(`파일은 한 번에 ${limits.maxFiles}개까지 올릴 수 있어요.`)));
  parser.on('fieldsLimit', () => fail(payloadTooLarge('요청에 항목이 너무 많아요.')));
  parser.on('partsLimit', () => fail(payloadTooLarge('요청에 항목이 너무 많아요.')));
  parser.on('error', () => {
    fail(badRequest('multipart 요청이 올바르지 않거나 중간에 끊겼어요.'));
    source.unpipe(parser);
    // Keep reading (and dropping) what is left, up to the discard limit.
    source.resume();
    source.once('end', () => settle(failure));
    if (source.readableEnded) settle(failure);
  });
  parser.on('close', () => settle(failure));

  source.pipe(parser);
  if (limits.pace) {
    stopPace = watchPace(limits.pace, progress, () => {
      // Too slow: answer now and read nothing more (the answer closes the connection). A refusal made
      // before (the rest of its body being dropped) keeps its own answer.
      failure = failure === null ? tooSlow() : (closingConnection(failure) ?? failure);
      source.unpipe(parser);
      source.pause();
      settle(failure);
    });
  }

  return {
    done,
    fail(err) {
      fail(err);
    },
  };
}

/**
 * Checks a body's pace every few hundred milliseconds; calls `tooSlow` once when it is past its deadline
 * or sent fewer than `minBytesPerSecond` over the last window. Ticks while our own work holds the body
 * back (a file part waiting for the one before it) do not count. Answers the function that stops it.
 */
function watchPace(pace: BodyPace, progress: { bytes: number; working: number }, tooSlow: () => void): () => void {
  const tickMs = Math.max(20, Math.min(250, Math.floor(pace.windowMs / 4)));
  let last = Date.now();
  let active = 0;
  let windowStart = 0;
  let windowBytes = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const elapsed = now - last;
    last = now;
    if (progress.working > 0) {
      // Our turn, not the client's: the window starts again once the body flows.
      windowStart = active;
      windowBytes = progress.bytes;
      return;
    }
    active += elapsed;
    if (active > pace.timeoutMs) {
      clearInterval(timer);
      tooSlow();
      return;
    }
    if (active - windowStart < pace.windowMs) return;
    const wanted = (pace.minBytesPerSecond * (active - windowStart)) / 1000;
    if (progress.bytes - windowBytes < wanted) {
      clearInterval(timer);
      tooSlow();
      return;
    }
    windowStart = active;
    windowBytes = progress.bytes;
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
