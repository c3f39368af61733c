/** The re-consent gate's rules (issue 41): exempt pages, the address to 내 정보 and back, the session mark. */
import { describe, expect, it } from 'vitest';
import { CURRENT_CONSENT_VERSIONS } from '#lib/consents';
import {
  CONSENT_EXEMPT_PATHS,
  afterAgreementPath,
  agreementPathFrom,
  consentCheckedKey,
  isConsentExempt,
} from '#lib/consent-gate';
import { LEGAL_DOCUMENTS } from '#lib/legal/index';

describe('the consent gate', () => {
  it('lets the documents themselves, 내 정보 and the sign-in pages through, and nothing else', () => {
    for (const doc of Object.values(LEGAL_DOCUMENTS)) expect(isConsentExempt(doc.path), doc.path).toBe(true);
    for (const path of ['/my/privacy', '/login', '/auth', '/signup']) expect(isConsentExempt(path)).toBe(true);
    for (const path of ['/', '/events', '/mypage', '/my/applications', '/new/event', '/event/3'])
      expect(isConsentExempt(path), path).toBe(false);
    expect(CONSENT_EXEMPT_PATHS.every((p) => p.startsWith('/'))).toBe(true);
  });

  it('sends the member to 내 정보 with where they were, and back only to a page of ours', () => {
    expect(agreementPathFrom('/events?page=2')).toBe('/my/privacy?next=%2Fevents%3Fpage%3D2');
    expect(agreementPathFrom('/')).toBe('/my/privacy');
    expect(agreementPathFrom('//evil.example')).toBe('/my/privacy');
    expect(afterAgreementPath('?next=%2Fevents%3Fpage%3D2')).toBe('/events?page=2');
    expect(afterAgreementPath('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(afterAgreementPath('?next=%2F%2Fevil.example')).toBeNull();
    expect(afterAgreementPath('')).toBeNull();
  });

  it('marks the check per member and per set of versions: a new version asks again', () => {
    const now = consentCheckedKey(7);
    expect(consentCheckedKey(7)).toBe(now);
    expect(consentCheckedKey(8)).not.toBe(now);
    expect(consentCheckedKey(7, { ...CURRENT_CONSENT_VERSIONS, PRIVACY: 'next' })).not.toBe(now);
  });
});
