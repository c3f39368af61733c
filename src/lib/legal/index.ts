/** The registry of our legal documents and the choice of a version to show. */
import { PRIVACY_DOCUMENT } from './privacy';
import { PARTNER_TERMS_DOCUMENT, TERMS_DOCUMENT } from './terms';
import type { LegalDocument, LegalDocumentId, LegalVersion } from './types';

export type { LegalDocument, LegalDocumentId, LegalSection, LegalVersion, Operator } from './types';
export { TEMPLATE_NOTICE } from './shared';

export const LEGAL_DOCUMENTS: Readonly<Record<LegalDocumentId, LegalDocument>> = {
  terms: TERMS_DOCUMENT,
  privacy: PRIVACY_DOCUMENT,
  'partner-terms': PARTNER_TERMS_DOCUMENT,
};

/** The version in force (the first listed). */
export function currentVersion(doc: LegalDocument): LegalVersion {
  const first = doc.versions[0];
  if (!first) throw new Error(`legal document ${doc.id} has no version`);
  return first;
}

/**
 * The version a page shows for `?version=`: none asked is the one in force; an unknown one is null
 * (the page answers 404).
 */
export function versionToShow(doc: LegalDocument, asked: string | null): LegalVersion | null {
  if (asked === null || asked === '') return currentVersion(doc);
  return doc.versions.find((v) => v.version === asked) ?? null;
}

/** `2026-11-27` as `2026년 11월 27일`. */
export function formatLegalDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}년 ${m}월 ${d}일`;
}
