/** Issue 41: our legal documents' versions and facts, the consent rules, and Kakao's age range. */
import { describe, expect, it } from 'vitest';
import { CURRENT_CONSENT_VERSIONS, needsAgreementFor, requiredKinds } from '#lib/consents';
import { LEGAL_DOCUMENTS, currentVersion, formatLegalDate, versionToShow } from '#lib/legal/index';
import { APPLICATION_RETENTION_DAYS_TEXT } from '#lib/legal/shared';
import { readAgeRange } from '#server/kakao/client';
import { standInAgeRange } from '#server/kakao/stand-in';
import { APPLICATION_RETENTION_DAYS } from '#server/services/applications';

const operator = { representative: '홍길동', email: 'privacy@example.com', phone: '02-123-4567' };

describe('legal documents', () => {
  it('each has versions with effective dates, the first in force, older ones by ?version=', () => {
    for (const doc of Object.values(LEGAL_DOCUMENTS)) {
      expect(doc.versions.length).toBeGreaterThan(0);
      for (const v of doc.versions) expect(v.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(versionToShow(doc, null)).toBe(currentVersion(doc));
      expect(versionToShow(doc, '')).toBe(currentVersion(doc));
      for (const v of doc.versions) expect(versionToShow(doc, v.version)).toBe(v);
      expect(versionToShow(doc, 'no-such-version')).toBeNull();
    }
    const twoVersions = {
      ...LEGAL_DOCUMENTS.terms,
      versions: [{ ...currentVersion(LEGAL_DOCUMENTS.terms), version: '2' }, currentVersion(LEGAL_DOCUMENTS.terms)],
    };
    expect(versionToShow(twoVersions, null)?.version).toBe('2');
    expect(versionToShow(twoVersions, '1')?.version).toBe('1');
    expect(formatLegalDate('2026-11-27')).toBe('2026년 11월 27일');
  });

  it('state the retention the code applies and name the operator from configuration', () => {
    expect(APPLICATION_RETENTION_DAYS_TEXT).toBe(`${APPLICATION_RETENTION_DAYS}일`);
    const privacy = JSON.stringify(currentVersion(LEGAL_DOCUMENTS.privacy).sections(operator));
    for (const fact of [
      '이벤트 종료 후 90일',
      '2일 보관 후 삭제',
      '30일',
      '탈퇴하면 즉시 익명 처리',
      '카카오',
      '홍길동',
      'privacy@example.com',
    ]) {
      expect(privacy).toContain(fact);
    }
    expect(CURRENT_CONSENT_VERSIONS.PRIVACY).toBe(currentVersion(LEGAL_DOCUMENTS.privacy).version);
  });
});

describe('consents', () => {
  it('a required kind is needed until its version in force is held and not withdrawn', () => {
    expect(requiredKinds('UNDEFINED')).toEqual([]);
    expect(requiredKinds('PHOTOGRAPHER')).toContain('PHOTOGRAPHER_PARTNER');
    const held = requiredKinds('USER').map((kind) => ({
      kind,
      version: CURRENT_CONSENT_VERSIONS[kind],
      withdrawnAt: null,
    }));
    expect(needsAgreementFor('USER', held)).toEqual([]);
    expect(needsAgreementFor('USER', held, { ...CURRENT_CONSENT_VERSIONS, SERVICE: '2' })).toEqual(['SERVICE']);
    expect(needsAgreementFor('PHOTOGRAPHER', held)).toEqual(['PHOTOGRAPHER_PARTNER']);
  });
});

describe("Kakao's age range", () => {
  it('is read only in its documented shape; the stand-in reports one for under14 / under10 names', () => {
    expect(readAgeRange('10~14')).toBe('10~14');
    expect(readAgeRange('90~')).toBe('90~');
    expect(readAgeRange('child')).toBeNull();
    expect(readAgeRange(14)).toBeNull();
    expect(standInAgeRange('demo-under14-kid')).toBe('10~14');
    expect(standInAgeRange('under10')).toBe('1~9');
    expect(standInAgeRange('demo-user')).toBeNull();
  });
});
