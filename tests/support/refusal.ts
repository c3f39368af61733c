import { statusOf } from '#server/http/errors';
import { DomainError } from '#server/services/errors';

/**
 * How a service's refusal is answered over HTTP: its code and message, with the status the endpoint
 * layer maps the code to (services throw domain errors, which carry no status of their own).
 */
export async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return { status: statusOf(err), code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}
