import type { PayloadResult } from '../../lib/rules/result';
import { badRequest, validationError } from './errors';

/** A validated body's value; a malformed body is 400 BAD_REQUEST, a broken rule 422 VALIDATION_ERROR. */
export function unwrap<T>(result: PayloadResult<T>): T {
  if (result.ok) return result.value;
  if (result.kind === 'BAD_REQUEST') throw badRequest(result.message);
  throw validationError(result.errors);
}
