/**
 * The shapes every rule returns. One rule checks one field and gives back the normalised value or a
 * Korean message; a payload validator checks a whole JSON body and tells a wrongly typed body (400
 * BAD_REQUEST) apart from one that breaks a business rule (422 VALIDATION_ERROR with `errors`).
 */

export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface FieldError {
  field: string;
  message: string;
}

export type PayloadResult<T> =
  | { ok: true; value: T }
  /** Malformed: a wrong JSON type, a missing required field, an unknown enum value or a bad date. */
  | { ok: false; kind: 'BAD_REQUEST'; field: string; message: string }
  /** Well-typed but breaking business rules, every broken field listed. */
  | { ok: false; kind: 'VALIDATION'; errors: FieldError[] };

export const ok = <T>(value: T): RuleResult<T> => ({ ok: true, value });
export const fail = <T = never>(message: string): RuleResult<T> => ({ ok: false, message });

/**
 * Collects the field errors of a payload validator: `check` records a failed rule under its field and
 * hands back the value (or undefined), so a validator runs every rule and reports all of them at once.
 */
export class FieldErrors {
  readonly errors: FieldError[] = [];

  check<T>(field: string, result: RuleResult<T>): T | undefined {
    if (result.ok) return result.value;
    this.errors.push({ field, message: result.message });
    return undefined;
  }

  add(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  get isEmpty(): boolean {
    return this.errors.length === 0;
  }
}
