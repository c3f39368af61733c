/**
 * What a member agrees to, as pure data shared by the server and the browser: the consent kinds, the
 * version of each in force, which a member must hold, and the answer of GET /users/me/consents.
 *
 * The sign-up items (src/lib/rules/signup TERMS_IDS) are kinds of their own, recorded with the version of
 * their document; the promotional notifications consent is optional and off until the member turns it
 * on; the application's third-party provision lives on the application row and is listed alongside.
 */
import { LEGAL_DOCUMENTS, currentVersion } from './legal/index';
import type { MemberType } from './domain';

export const CONSENT_KINDS = ['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER', 'MARKETING'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** The third-party provision of an application (on the application row, one per application). */
export const APPLICATION_CONSENT_KIND = 'APPLICATION_THIRD_PARTY';
export type ListedConsentKind = ConsentKind | typeof APPLICATION_CONSENT_KIND;

export const CONSENT_HOWS = ['SIGNUP', 'APPLICATION', 'SETTINGS'] as const;
export type ConsentHow = (typeof CONSENT_HOWS)[number];

export const isConsentKind = (v: unknown): v is ConsentKind =>
  typeof v === 'string' && (CONSENT_KINDS as readonly string[]).includes(v);

/** The version of each kind in force: a document's kinds follow its current version. */
export type ConsentVersions = Readonly<Record<ConsentKind, string>>;

export const CURRENT_CONSENT_VERSIONS: ConsentVersions = {
  // A statement, not a document: its text has not changed.
  AGE_14: '1',
  SERVICE: currentVersion(LEGAL_DOCUMENTS.terms).version,
  PRIVACY: currentVersion(LEGAL_DOCUMENTS.privacy).version,
  PHOTOGRAPHER_PARTNER: currentVersion(LEGAL_DOCUMENTS['partner-terms']).version,
  MARKETING: '1',
};

export const CONSENT_LABELS: Readonly<Record<ListedConsentKind, string>> = {
  AGE_14: '만 14세 이상 확인',
  SERVICE: '서비스 이용약관 동의',
  PRIVACY: '개인정보 수집 및 이용 동의',
  PHOTOGRAPHER_PARTNER: '사진작가 파트너 약관 동의',
  MARKETING: '이벤트·혜택 알림 수신 동의',
  APPLICATION_THIRD_PARTY: '개인정보 제3자 제공 동의 (신청)',
};

export const CONSENT_HOW_LABELS: Readonly<Record<ConsentHow, string>> = {
  SIGNUP: '회원가입',
  APPLICATION: '이벤트 신청',
  SETTINGS: '내 정보',
};

/** Our page of a kind's document, if it has one. */
export const CONSENT_DOCUMENT_PATHS: Partial<Readonly<Record<ConsentKind, string>>> = {
  SERVICE: LEGAL_DOCUMENTS.terms.path,
  PRIVACY: LEGAL_DOCUMENTS.privacy.path,
  PHOTOGRAPHER_PARTNER: LEGAL_DOCUMENTS['partner-terms'].path,
};

/** The kinds a member of this type must hold (a photographer also the partner terms). */
export function requiredKinds(type: MemberType): ConsentKind[] {
  if (type === 'UNDEFINED') return [];
  const base: ConsentKind[] = ['AGE_14', 'SERVICE', 'PRIVACY'];
  return type === 'PHOTOGRAPHER' ? [...base, 'PHOTOGRAPHER_PARTNER'] : base;
}

/** Optional kinds: given and withdrawn at will. */
export const OPTIONAL_KINDS: readonly ConsentKind[] = ['MARKETING'];
export const isOptionalKind = (kind: ConsentKind): boolean => OPTIONAL_KINDS.includes(kind);

export interface HeldConsent {
  kind: ConsentKind;
  version: string;
  withdrawnAt: string | Date | null;
}

/** The required kinds whose version in force the member has not agreed to (and not withdrawn since). */
export function needsAgreementFor(
  type: MemberType,
  held: readonly HeldConsent[],
  versions: ConsentVersions = CURRENT_CONSENT_VERSIONS,
): ConsentKind[] {
  return requiredKinds(type).filter(
    (kind) => !held.some((c) => c.kind === kind && c.version === versions[kind] && c.withdrawnAt === null),
  );
}

/** One line of the consents answer: a recorded consent, or an application's third-party provision. */
export interface ConsentRecord {
  kind: ListedConsentKind;
  title: string;
  required: boolean;
  version: string;
  givenAt: string;
  how: ConsentHow;
  withdrawnAt: string | null;
  /** For an application's provision: which application, to which event. */
  application?: { id: number; promotionId: number; promotionTitle: string };
}

export interface ConsentNeeded {
  kind: ConsentKind;
  title: string;
  version: string;
  documentPath: string | null;
}

/** GET /users/me/consents (and the answer of every consent write). */
export interface ConsentsResponse {
  /** Every record, newest first (history included: an old version stays listed after a new one). */
  consents: ConsentRecord[];
  /** Required documents whose new version the member must agree to before going on. */
  needsAgreement: ConsentNeeded[];
  /** Each optional kind: on (its latest record is not withdrawn) or off. */
  optional: { kind: ConsentKind; title: string; agreed: boolean; version: string }[];
}

/** A consent a client sends: a kind, and the version it showed (absent: the one in force). */
export interface ConsentInput {
  kind: ConsentKind;
  version?: string;
}
