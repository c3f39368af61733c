/**
 * Our own legal documents (이용약관, 개인정보처리방침, 사진작가 파트너 약관) as data: each a list of
 * versions, newest first, each with its effective date. A changed text is a new version added at the
 * front; older versions stay listed and reachable (`/privacy?version=1`), and a new version of a
 * document members must agree to asks every signed-in member once more (src/lib/consents.ts).
 */

/** The operator named in the documents (configuration: SITE_REPRESENTATIVE, SITE_EMAIL, SITE_PHONE). */
export interface Operator {
  representative: string;
  email: string;
  phone: string;
}

export interface LegalTable {
  head: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  table?: LegalTable;
}

export interface LegalVersion {
  /** Recorded with every consent to it. */
  version: string;
  /** YYYY-MM-DD (Korea time). */
  effective: string;
  /** What changed from the version before (empty for the first). */
  changes: string;
  sections: (operator: Operator) => readonly LegalSection[];
}

export type LegalDocumentId = 'terms' | 'privacy' | 'partner-terms';

export interface LegalDocument {
  id: LegalDocumentId;
  title: string;
  /** Our page of it. */
  path: string;
  /** Newest first: the first one is in force. */
  versions: readonly LegalVersion[];
}
