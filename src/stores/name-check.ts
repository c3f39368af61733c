/**
 * The duplicate check of a name field (user nickname or photographer name), shared by the sign-up
 * wizard and the member editors: the answer lands only if the field still holds the checked name.
 */
import { fetchNicknameExists, isApiRequestError } from '#client/api';
import { memberCopy } from '#lib/copy-member';
import { nameRule, withNameResult, type NameField, type NameKind } from '#lib/member-forms';

export interface NameCheckTarget {
  read: () => NameField | null;
  write: (field: NameField) => void;
  /** A failed check call in Korean, or null when a new check starts. */
  setError: (message: string | null) => void;
}

let nameRequest: AbortController | null = null;

/** Asks the endpoint of `kind`; a failure is logged and leaves the name unchecked. */
export async function checkName(kind: NameKind, { read, write, setError }: NameCheckTarget): Promise<void> {
  const field = read();
  if (!field) return;
  const name = nameRule(kind, field.value);
  if (!name.ok) return;
  nameRequest?.abort();
  const request = new AbortController();
  nameRequest = request;
  write({ ...field, check: 'checking', checked: name.value });
  setError(null);
  try {
    const answer = await fetchNicknameExists(kind, name.value, request.signal);
    const now = read();
    if (now) write(withNameResult(kind, { ...now, check: 'unchecked' }, name.value, answer.exists));
  } catch (err) {
    if (request.signal.aborted) return;
    console.error('name check failed', err);
    const now = read();
    if (now?.check === 'checking') write({ ...now, check: 'unchecked', checked: null });
    setError(isApiRequestError(err) && err.status === 422 ? err.message : memberCopy.edit.checkFailed);
  } finally {
    if (nameRequest === request) nameRequest = null;
  }
}
