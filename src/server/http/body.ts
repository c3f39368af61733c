import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors';

export const JSON_BODY_LIMIT = 256 * 1024;

/** Reads a JSON object body: 415 for another Content-Type, 413 past the limit, 400 for bad JSON. */
export async function readJson(request: Request, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw unsupportedMediaType('Content-Type 은 application/json 이어야 합니다.');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw payloadTooLarge();
  const text = await readLimitedText(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('JSON 형식이 올바르지 않습니다.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('요청 본문은 JSON 객체여야 합니다.');
  }
  return value as Record<string, unknown>;
}

/** A body that may be empty or JSON (logout, refresh); an empty body is `{}`. */
export async function readOptionalJson(request: Request, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const length = request.headers.get('content-length');
  if (length === '0' || (!request.headers.get('content-type') && !length)) return {};
  return readJson(request, limit);
}

async function readLimitedText(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let result;
    try {
      result = await reader.read();
    } catch {
      throw badRequest('요청 본문을 읽을 수 없습니다.');
    }
    if (result.done) break;
    size += result.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge();
    }
    chunks.push(result.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('요청 본문이 올바른 UTF-8 이 아닙니다.');
  }
}
