/**
 * Recorded consents (migration 014): what a member agreed to, the document version, when and how, and
 * the optional ones withdrawn. GET /users/me/consents lists them with the application's third-party
 * provisions (on the application rows) and says which required documents have a new version the
 * member has not agreed to yet (`needsAgreement`).
 *
 * `versions` (the versions in force) is a parameter so a test can publish a new version.
 */
import {
  CONSENT_DOCUMENT_PATHS,
  CONSENT_LABELS,
  CURRENT_CONSENT_VERSIONS,
  OPTIONAL_KINDS,
  isConsentKind,
  isOptionalKind,
  needsAgreementFor,
  requiredKinds,
  type ConsentHow,
  type ConsentKind,
  type ConsentRecord,
  type ConsentVersions,
  type ConsentsResponse,
} from '#lib/consents';
import type { MemberType } from '#lib/domain';
import { TERMS_MESSAGES } from '#lib/rules/signup';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import { denied, invalidFields, invalidRequest } from './errors';
import { userNotFound } from './members';

interface ConsentRow {
  kind: ConsentKind;
  version: string;
  given_at: Date;
  how: ConsentHow;
  withdrawn_at: Date | null;
}

interface ApplicationConsentRow {
  id: number;
  promotion_id: number;
  title: string;
  consent_version: string;
  consented_at: Date;
}

/** A consent as written: its kind and the exact version agreed to. */
export interface ConsentGiven {
  kind: ConsentKind;
  version: string;
}

const outdated = () =>
  invalidFields([{ field: 'consents', message: '약관이 새 버전으로 바뀌었어요. 새로고침한 뒤 다시 동의해 주세요.' }]);
const malformed = () => invalidRequest('consents는 [{"kind": "SERVICE", "version": "1"}] 형태의 배열이어야 해요.');

/** Every consent row of the member, newest first. */
export async function consentRowsOf(db: Queryable, memberId: number): Promise<ConsentRow[]> {
  return db.query<ConsentRow>(
    'select kind, version, given_at, how, withdrawn_at from consents where member_id = $1 order by id desc',
    [memberId],
  );
}

async function applicationConsentsOf(db: Queryable, memberId: number): Promise<ApplicationConsentRow[]> {
  return db.query<ApplicationConsentRow>(
    `select a.id, a.promotion_id, p.title, a.consent_version, a.consented_at
       from applications a join promotions p on p.id = a.promotion_id
      where a.applicant_id = $1 order by a.consented_at desc, a.id desc`,
    [memberId],
  );
}

/** The answer of GET /users/me/consents for the member. */
export async function consentsOf(
  db: Queryable,
  memberId: number,
  versions: ConsentVersions = CURRENT_CONSENT_VERSIONS,
): Promise<ConsentsResponse> {
  const [member] = await db.query<{ type: MemberType }>('select type from members where id = $1', [memberId]);
  if (!member) throw userNotFound();
  const [rows, applications] = await Promise.all([consentRowsOf(db, memberId), applicationConsentsOf(db, memberId)]);
  const required = new Set(requiredKinds(member.type));
  const records: ConsentRecord[] = [
    ...rows.map((r) => ({
      kind: r.kind,
      title: CONSENT_LABELS[r.kind],
      required: !isOptionalKind(r.kind),
      version: r.version,
      givenAt: r.given_at.toISOString(),
      how: r.how,
      withdrawnAt: r.withdrawn_at ? r.withdrawn_at.toISOString() : null,
    })),
    ...applications.map((a): ConsentRecord => ({
      kind: 'APPLICATION_THIRD_PARTY',
      title: CONSENT_LABELS.APPLICATION_THIRD_PARTY,
      required: false,
      version: a.consent_version,
      givenAt: a.consented_at.toISOString(),
      how: 'APPLICATION',
      withdrawnAt: null,
      application: { id: a.id, promotionId: a.promotion_id, promotionTitle: a.title },
    })),
  ].sort((a, b) => b.givenAt.localeCompare(a.givenAt));
  const held = rows.map((r) => ({ kind: r.kind, version: r.version, withdrawnAt: r.withdrawn_at }));
  return {
    consents: records,
    needsAgreement: needsAgreementFor(member.type, held, versions)
      .filter((k) => required.has(k))
      .map((kind) => ({
        kind,
        title: CONSENT_LABELS[kind],
        version: versions[kind],
        documentPath: CONSENT_DOCUMENT_PATHS[kind] ?? null,
      })),
    optional: OPTIONAL_KINDS.map((kind) => {
      const latest = rows.find((r) => r.kind === kind);
      return {
        kind,
        title: CONSENT_LABELS[kind],
        agreed: latest !== undefined && latest.withdrawn_at === null,
        version: versions[kind],
      };
    }),
  };
}

/**
 * A `consents` field as clients send it: `[{kind, version?}]` (or bare kinds). Each version must be the
 * one in force (a client that showed an older text agrees to nothing: VALIDATION_ERROR); an absent
 * version is the one in force. Duplicates are dropped.
 */
export function parseConsents(raw: unknown, versions: ConsentVersions = CURRENT_CONSENT_VERSIONS): ConsentGiven[] {
  if (!Array.isArray(raw)) throw malformed();
  const out: ConsentGiven[] = [];
  for (const item of raw) {
    const kind: unknown = typeof item === 'string' ? item : (item as { kind?: unknown } | null)?.kind;
    const version: unknown = typeof item === 'string' ? undefined : (item as { version?: unknown } | null)?.version;
    if (!isConsentKind(kind)) throw invalidRequest(`알 수 없는 동의 항목이에요: ${String(kind).slice(0, 40)}`);
    if (version !== undefined && version !== null && typeof version !== 'string') throw malformed();
    if (typeof version === 'string' && version !== versions[kind]) throw outdated();
    if (!out.some((c) => c.kind === kind)) out.push({ kind, version: versions[kind] });
  }
  return out;
}

/**
 * The consents a registration records. Registration requires the sign-up checkboxes, so a client that
 * sends no `consents` agreed to the required items in force; one that sends them must name every
 * required item of the role, and may add optional ones (promotional notifications).
 */
export function registrationConsents(
  body: Record<string, unknown>,
  role: Exclude<MemberType, 'UNDEFINED'>,
  versions: ConsentVersions = CURRENT_CONSENT_VERSIONS,
): ConsentGiven[] {
  const required = requiredKinds(role);
  const raw = body['consents'];
  if (raw === undefined || raw === null) return required.map((kind) => ({ kind, version: versions[kind] }));
  const given = parseConsents(raw, versions).filter((c) => required.includes(c.kind) || isOptionalKind(c.kind));
  if (required.some((k) => !given.some((c) => c.kind === k))) {
    throw invalidFields([{ field: 'consents', message: TERMS_MESSAGES.required }]);
  }
  return given;
}

/** Writes the consents (in the caller's transaction); one already held at that version records nothing. */
export async function recordConsents(
  tx: Queryable,
  memberId: number,
  consents: readonly ConsentGiven[],
  how: ConsentHow,
): Promise<void> {
  if (consents.length === 0) return;
  await tx.query(
    `insert into consents (member_id, kind, version, how)
     select $1, c.kind, c.version, $4 from unnest($2::text[], $3::text[]) as c(kind, version)
     on conflict (member_id, kind, version) where withdrawn_at is null do nothing`,
    [memberId, consents.map((c) => c.kind), consents.map((c) => c.version), how],
  );
}

/** POST /users/me/consents: `{consents: [{kind, version}]}`, a required document's new version or an optional one. */
export async function agreeTo(
  db: Queryable,
  me: Principal,
  body: Record<string, unknown>,
  versions: ConsentVersions = CURRENT_CONSENT_VERSIONS,
): Promise<ConsentsResponse> {
  const given = parseConsents(body['consents'], versions);
  if (given.length === 0) throw invalidFields([{ field: 'consents', message: '동의할 항목을 골라 주세요.' }]);
  const allowed = new Set<ConsentKind>([...requiredKinds(me.type), ...OPTIONAL_KINDS]);
  const refused = given.find((c) => !allowed.has(c.kind));
  if (refused) throw invalidRequest(`이 회원에게 해당하지 않는 동의 항목이에요: ${refused.kind}`);
  await recordConsents(db, me.id, given, 'SETTINGS');
  return consentsOf(db, me.id, versions);
}

/** DELETE /users/me/consents/{kind}: only an optional consent; withdrawing one not held changes nothing. */
export async function withdrawConsent(
  db: Queryable,
  me: Principal,
  kind: string,
  versions: ConsentVersions = CURRENT_CONSENT_VERSIONS,
): Promise<ConsentsResponse> {
  if (!isConsentKind(kind)) throw invalidRequest('알 수 없는 동의 항목이에요.');
  if (!isOptionalKind(kind)) {
    throw denied(
      'ACCESS_DENIED',
      '필수 동의는 철회할 수 없어요. 더 이상 동의하지 않으면 마이페이지에서 회원 탈퇴를 해 주세요.',
    );
  }
  await db.query(
    'update consents set withdrawn_at = now() where member_id = $1 and kind = $2 and withdrawn_at is null',
    [me.id, kind],
  );
  return consentsOf(db, me.id, versions);
}
