/**
 * Reading raw JSON bodies into typed values before the business rules run. Anything that is not the
 * contract's type (a number for a string, a missing required field, an unknown enum value, a date that
 * is not a real `YYYY-MM-DD`) stops reading with a BAD_REQUEST result; the endpoint answers 400.
 */
import { isValidDate } from '#lib/deadline';
import type { Address, Image, Region } from '#lib/domain';
import { boundImageName } from './image-name';
import { FieldErrors, type PayloadResult } from './result';

class BadPayload extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type JsonObject = Record<string, unknown>;

/** PostgreSQL text cannot hold NUL, and a lone surrogate is not UTF-8: neither is a string we accept. */
function isUnstorable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

const missing = (field: string) => new BadPayload(field, `${field} 항목이 필요합니다.`);
/** `must` is the Korean predicate with its particle, e.g. '문자열이어야', '객체여야'. */
const badType = (field: string, must: string) => new BadPayload(field, `${field} 항목은 ${must} 합니다.`);

function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function asString(v: unknown, field: string): string {
  if (typeof v !== 'string') throw badType(field, '문자열이어야');
  if (isUnstorable(v)) throw new BadPayload(field, `${field} 항목에 쓸 수 없는 문자가 있습니다.`);
  return v;
}

/** A required string: absent or null is "missing", another type is a bad type. */
export function requiredString(body: JsonObject, field: string): string {
  const v = body[field];
  if (v === undefined || v === null) throw missing(field);
  return asString(v, field);
}

/** An optional, nullable string: absent and null both give null. */
export function optionalString(body: JsonObject, field: string): string | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  return asString(v, field);
}

/** A whole number, or undefined when absent or null. */
export function optionalInteger(body: JsonObject, field: string): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw badType(field, '정수여야');
  return v;
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badType(field, 'true 또는 false여야');
  return v;
}

export function requiredEnum<T extends string>(body: JsonObject, field: string, values: readonly T[]): T {
  const v = requiredString(body, field);
  if (!(values as readonly string[]).includes(v)) {
    throw new BadPayload(field, `${field} 값은 ${values.join(', ')} 중 하나여야 합니다.`);
  }
  return v as T;
}

/** A required `YYYY-MM-DD` naming a real calendar date. */
export function requiredDate(body: JsonObject, field: string): string {
  const v = requiredString(body, field);
  if (!isValidDate(v)) throw new BadPayload(field, `${field} 항목은 YYYY-MM-DD 형식의 올바른 날짜여야 합니다.`);
  return v;
}

function requiredArray(body: JsonObject, field: string): unknown[] {
  const v = body[field];
  if (v === undefined || v === null) throw missing(field);
  if (!Array.isArray(v)) throw badType(field, '배열이어야');
  return v;
}

export function stringArray(body: JsonObject, field: string): string[] {
  return requiredArray(body, field).map((v) => asString(v, field));
}

export function enumArray<T extends string>(body: JsonObject, field: string, values: readonly T[]): T[] {
  return stringArray(body, field).map((v) => {
    if (!(values as readonly string[]).includes(v)) {
      throw new BadPayload(field, `${field} 값은 ${values.join(', ')} 중에서 골라야 합니다.`);
    }
    return v as T;
  });
}

function asImage(v: unknown, field: string): Image {
  if (!isObject(v)) throw badType(field, '{ name, url } 객체여야');
  const name = v['name'] === undefined || v['name'] === null ? '' : asString(v['name'], field);
  const url = asString(v['url'], field);
  if (url.trim() === '') throw missing(`${field}.url`);
  // Bounded as uploads bound it: every list answer repeats it, so its size is ours to keep.
  return { name: boundImageName(name), url: url.trim() };
}

export function requiredImage(body: JsonObject, field: string): Image {
  const v = body[field];
  if (v === undefined || v === null) throw missing(field);
  return asImage(v, field);
}

export function optionalImage(body: JsonObject, field: string): Image | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  return asImage(v, field);
}

export function imageArray(body: JsonObject, field: string): Image[] {
  return requiredArray(body, field).map((v) => asImage(v, field));
}

/** `{category, name}` objects, trimmed; whether they exist is a business rule (422), checked later. */
export function regionArray(body: JsonObject, field: string): Region[] {
  return requiredArray(body, field).map((v) => {
    if (!isObject(v)) throw badType(field, '{ category, name } 객체의 배열이어야');
    return { category: asString(v['category'], field).trim(), name: asString(v['name'], field).trim() };
  });
}

export function optionalAddress(body: JsonObject, field: string): Address | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (!isObject(v)) throw badType(field, '{ sido, sigungu, roadAddress, jibunAddress } 객체여야');
  const part = (key: string) => {
    const s = v[key];
    return s === undefined || s === null ? '' : asString(s, `${field}.${key}`).trim();
  };
  return {
    sido: part('sido'),
    sigungu: part('sigungu'),
    roadAddress: part('roadAddress'),
    jibunAddress: part('jibunAddress'),
  };
}

/**
 * Runs a payload validator: `read` type-checks the body (throwing on a malformed one) and then applies
 * the business rules, returning either the value or the list of broken rules.
 */
export function readPayload<T>(body: unknown, read: (body: JsonObject) => T | FieldErrors): PayloadResult<T> {
  if (!isObject(body))
    return { ok: false, kind: 'BAD_REQUEST', field: '', message: '요청 본문은 JSON 객체여야 합니다.' };
  try {
    const result = read(body);
    if (result instanceof FieldErrors) return { ok: false, kind: 'VALIDATION', errors: result.errors };
    return { ok: true, value: result };
  } catch (err) {
    if (err instanceof BadPayload) return { ok: false, kind: 'BAD_REQUEST', field: err.field, message: err.message };
    throw err;
  }
}
