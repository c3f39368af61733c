/**
 * After paint on every page (`AfterPaint`'s `consents` task): a signed-in, registered member whose
 * required consents are not all at the versions in force is taken to 내 정보 to agree (issue 41). Asked
 * once per tab session and version set; a failed check asks again on the next page, and never blocks.
 */
import { api } from '#client/api';
import { readStorage, writeStorage } from '#client/browser';
import { isSignedInUser } from '#client/auth';
import type { ConsentsResponse } from '#lib/consents';
import { agreementPathFrom, consentCheckedKey, isConsentExempt } from '#lib/consent-gate';
import { $sessionUser } from '#stores/session';

export async function checkConsents(): Promise<void> {
  const user = $sessionUser.get();
  if (!isSignedInUser(user) || !user.roles.some((r) => r === 'USER' || r === 'PHOTOGRAPHER')) return;
  if (isConsentExempt(location.pathname)) return;
  const key = consentCheckedKey(user.id);
  if (readStorage('session', key) === '1') return;
  let answer: ConsentsResponse;
  try {
    answer = await api.get<ConsentsResponse>('/users/me/consents');
  } catch {
    return;
  }
  if (answer.needsAgreement.length === 0) {
    writeStorage('session', key, '1');
    return;
  }
  location.replace(agreementPathFrom(`${location.pathname}${location.search}`));
}
