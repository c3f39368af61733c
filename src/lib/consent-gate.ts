/**
 * The re-consent gate (issue 41): a signed-in member who has not agreed to a required document's
 * version in force is taken to 내 정보 to agree before going on, and back where they were after.
 * Pure rules here (which pages are exempt, the address, the session mark); `src/client/consent-check.ts`
 * asks the server once per tab session and version set.
 */
import { CURRENT_CONSENT_VERSIONS, type ConsentVersions } from './consents';
import { paths } from './paths';
import { safeReturnPath } from './return-to';

/** Pages a member must reach without agreeing: the documents themselves, 내 정보, sign-in and sign-up. */
export const CONSENT_EXEMPT_PATHS: readonly string[] = [
  paths.myPrivacy,
  '/terms',
  '/privacy',
  '/partner-terms',
  '/login',
  '/auth',
  '/signup',
  '/success/signup',
];

export const isConsentExempt = (pathname: string): boolean => CONSENT_EXEMPT_PATHS.includes(pathname);

/** The tab-session mark of a member who holds every required version in force (checked once). */
export function consentCheckedKey(memberId: number, versions: ConsentVersions = CURRENT_CONSENT_VERSIONS): string {
  const stamp = Object.entries(versions)
    .map(([kind, version]) => `${kind}=${version}`)
    .join('&');
  return `consentsChecked:${memberId}:${stamp}`;
}

/** 내 정보 with the place to return to after agreeing (home needs none). */
export function agreementPathFrom(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/' ? `${paths.myPrivacy}?next=${encodeURIComponent(safe)}` : paths.myPrivacy;
}

/** Where 내 정보 sends the member once they agreed: the `next` it was opened with, when safe. */
export function afterAgreementPath(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get('next'));
}
