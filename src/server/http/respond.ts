import { log } from '#server/log';
import { DomainError } from '#server/services/errors';
import { ApiError, internalError, notFound, serviceUnavailable, statusOf } from './errors';

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

/** The envelope of a domain error (or an HTTP-layer `ApiError`), with the status of its code. */
export function errorResponse(err: DomainError): Response {
  const body: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.errors && err.errors.length > 0) body['errors'] = err.errors;
  return json(body, statusOf(err), (err instanceof ApiError && err.headers) || {});
}

/** True for errors that mean the database cannot be reached (connection refused, reset, closed). */
export function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P01|57P02|57P03|08000|08001|08003|08006)$/.test(code)
  ) {
    return true;
  }
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error/i.test(
    message,
  );
}

/** A statement or lock wait over its timeout (DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS): the database is busy. */
export function isDatabaseBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '57014' || code === '55P03';
}

/** Down or busy: the answer is 503, for the API and for pages alike. */
export function isDatabaseTrouble(err: unknown): boolean {
  return isDatabaseDown(err) || isDatabaseBusy(err);
}

/**
 * A database outage fails every request at once: one log line a second per kind (with how many were
 * left out), not a stack trace per request.
 */
const troubleLogged = new Map<string, { at: number; skipped: number }>();

export function logTrouble(kind: string, requestId: string | undefined, err: unknown, now = Date.now()): boolean {
  const last = troubleLogged.get(kind);
  if (last && now - last.at < 1_000) {
    last.skipped++;
    return false;
  }
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  log('error', kind, { requestId, error: message, code, alsoFailed: last?.skipped ?? 0 });
  troubleLogged.set(kind, { at: now, skipped: 0 });
  return true;
}

/**
 * A foreign key broken at write time: what the write refers to (its author, its event) was deleted by
 * another request that committed after this one's checks passed — a member withdrawing while a write of
 * theirs is in flight, an event deleted while someone applies. The thing is gone: 404, not a 500.
 */
export function isVanishedReference(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23503';
}

export const VANISHED_MESSAGE = '요청과 관련된 정보가 방금 삭제되었어요. 새로고침한 뒤 다시 시도해 주세요.';

/** Maps anything thrown by a handler to the error envelope; unexpected errors are logged with the request id. */
export function toErrorResponse(err: unknown, requestId?: string): Response {
  if (err instanceof DomainError) return errorResponse(err);
  if (isVanishedReference(err)) {
    log('warn', 'write refers to a row deleted meanwhile', { requestId, error: (err as Error).message });
    return errorResponse(notFound('NOT_FOUND', VANISHED_MESSAGE));
  }
  if (isDatabaseTrouble(err)) {
    logTrouble(isDatabaseBusy(err) ? 'database busy' : 'database unavailable', requestId, err);
    return errorResponse(serviceUnavailable());
  }
  log('error', 'unhandled error', { requestId, err });
  return errorResponse(internalError());
}
