import type { LegalDocument, LegalDocumentId, LegalVersion } from './types';

/** The day the first version of every document took effect: the service's launch. */
export const LAUNCH_DAY = '2026-11-27';

/** A document's first version: in force since the launch, with nothing before it to have changed. */
export function firstVersion(sections: LegalVersion['sections']): LegalVersion {
  return { version: '1', effective: LAUNCH_DAY, changes: '', sections };
}

/** A document of ours, shown on our page `/{id}`; its versions newest first. */
export function legalDocument(id: LegalDocumentId, title: string, versions: readonly LegalVersion[]): LegalDocument {
  return { id, title, path: `/${id}`, versions };
}
