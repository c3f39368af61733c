/**
 * Issue 41 at the service: consents recorded with their versions at registration and in 내 정보, a
 * required document's new version asked again (`needsAgreement`), optional consents withdrawn, an
 * account Kakao says may be under 14 refused, and the export holding every kind of row the member owns
 * and nothing of another member's. PGlite in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_CONSENT_VERSIONS, type ConsentVersions } from '#lib/consents';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { applyTo, moveApplication } from '#server/services/applications';
import { agreeTo, consentsOf, registrationConsents, withdrawConsent } from '#server/services/consents';
import { exportMemberData } from '#server/services/data-export';
import { createPromotion, savePromotion, type PromotionInput } from '#server/services/promotions';
import { memberViewerKey } from '#server/services/promotion-views';
import { mayBeUnderFourteen, registerPhotographer, registerUser } from '#server/services/registration';
import { insertPrincipal, openTestDb, promotionInput } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
let seq = 0;
const tag = Math.random().toString(36).slice(2, 6);
const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);

async function newcomer(ageRange: string | null = null): Promise<Principal> {
  seq++;
  const rows = await db.query<{ id: number; nickname: string }>(
    'insert into members (kakao_id, nickname, kakao_age_range) values ($1, $2, $3) returning id, nickname',
    [`priv-${tag}-${seq}-${Math.random()}`, `새회원${tag}${seq}`, ageRange],
  );
  const m = rows[0] as { id: number; nickname: string };
  return { id: m.id, type: 'UNDEFINED', roles: [], nickname: m.nickname };
}

const member = (roles?: ('USER' | 'PHOTOGRAPHER')[], nickname?: string) => insertPrincipal(db, roles, nickname);

const userInput = (name: string) => ({
  nickname: `${name}${tag}${seq}`.slice(0, 10),
  gender: 'FEMALE' as const,
  instagramId: null,
});

const event = (title: string, patch: Partial<PromotionInput> = {}) =>
  promotionInput({ title, content: `${title} 내용`, capacity: 3, asksInstagram: true, ...patch });

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.close();
});

describe('consents recorded with their versions', () => {
  it('registration without a consents field records the required items in force, with SIGNUP', async () => {
    const me = await newcomer();
    await registerUser(db, me, userInput('동의'), [], registrationConsents({}, 'USER'));
    const answer = await consentsOf(db, me.id);
    const kinds = answer.consents.map((c) => [c.kind, c.version, c.how]);
    expect(kinds.sort()).toEqual(
      [
        ['AGE_14', CURRENT_CONSENT_VERSIONS.AGE_14, 'SIGNUP'],
        ['PRIVACY', CURRENT_CONSENT_VERSIONS.PRIVACY, 'SIGNUP'],
        ['SERVICE', CURRENT_CONSENT_VERSIONS.SERVICE, 'SIGNUP'],
      ].sort(),
    );
    for (const c of answer.consents) expect(Date.parse(c.givenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.needsAgreement).toEqual([]);
    expect(answer.optional).toEqual([expect.objectContaining({ kind: 'MARKETING', agreed: false })]);
  });

  it('a photographer also agrees to the partner terms; an optional consent sent at sign-up is recorded', async () => {
    const me = await newcomer();
    const body = {
      consents: [
        { kind: 'AGE_14', version: '1' },
        { kind: 'SERVICE', version: CURRENT_CONSENT_VERSIONS.SERVICE },
        { kind: 'PRIVACY' },
        'PHOTOGRAPHER_PARTNER',
        'MARKETING',
      ],
    };
    const consents = registrationConsents(body, 'PHOTOGRAPHER');
    expect(consents.map((c) => c.kind)).toEqual(['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER', 'MARKETING']);
    for (const c of consents) expect(c.version).toBe(CURRENT_CONSENT_VERSIONS[c.kind]);
    await registerPhotographer(
      db,
      me,
      {
        ...userInput('작가'),
        profileImage: null as never,
        mainPhotographyTypes: ['SNAP'],
        activeRegions: [{ category: '서울', name: '강남구' }],
      },
      [],
      consents,
    );
    const answer = await consentsOf(db, me.id);
    expect(answer.consents.map((c) => c.kind).sort()).toEqual(
      ['AGE_14', 'MARKETING', 'PHOTOGRAPHER_PARTNER', 'PRIVACY', 'SERVICE'].sort(),
    );
    expect(answer.optional[0]?.agreed).toBe(true);
    expect(answer.needsAgreement).toEqual([]);
    expect(() => registrationConsents({ consents: ['AGE_14', 'SERVICE'] }, 'USER')).toThrow();
    expect(() => registrationConsents({ consents: [{ kind: 'SERVICE', version: 'old' }] }, 'USER')).toThrow(/새 버전/);
    expect(() => registrationConsents({ consents: 'all' }, 'USER')).toThrow();
    expect(() => registrationConsents({ consents: ['AGE_14', 'SERVICE', 'PRIVACY', 'NOPE'] }, 'USER')).toThrow();
  });

  it('a new version of a required document is needed until agreed, then recorded with SETTINGS', async () => {
    const me = await newcomer();
    await registerUser(db, me, userInput('새버전'), []);
    const registered = { ...me, type: 'USER' as const, roles: ['USER' as const] };
    const next: ConsentVersions = { ...CURRENT_CONSENT_VERSIONS, PRIVACY: 'next' };
    const before = await consentsOf(db, me.id, next);
    expect(before.needsAgreement).toEqual([
      { kind: 'PRIVACY', title: expect.any(String), version: 'next', documentPath: '/privacy' },
    ]);
    // The old version is refused; the new one clears the need, and the old record stays as history.
    expect(
      await refusal(agreeTo(db, registered, { consents: [{ kind: 'PRIVACY', version: 'old' }] }, next)),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const after = await agreeTo(db, registered, { consents: [{ kind: 'PRIVACY', version: 'next' }] }, next);
    expect(after.needsAgreement).toEqual([]);
    const privacy = after.consents.filter((c) => c.kind === 'PRIVACY');
    expect(privacy.map((c) => [c.version, c.how])).toEqual([
      ['next', 'SETTINGS'],
      [CURRENT_CONSENT_VERSIONS.PRIVACY, 'SIGNUP'],
    ]);
    // Agreeing again to a held version records nothing new.
    await agreeTo(db, registered, { consents: [{ kind: 'PRIVACY', version: 'next' }] }, next);
    expect((await consentsOf(db, me.id, next)).consents.filter((c) => c.kind === 'PRIVACY')).toHaveLength(2);
    // A USER cannot agree to the partner terms.
    expect(await refusal(agreeTo(db, registered, { consents: ['PHOTOGRAPHER_PARTNER'] }, next))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('members registered before migration 14 hold legacy records and are asked once for our documents', async () => {
    const old = await member();
    await db.query(
      `insert into consents (member_id, kind, version, given_at, how)
       values ($1, 'AGE_14', '1', now() - interval '1 year', 'SIGNUP'), ($1, 'SERVICE', 'legacy', now() - interval '1 year', 'SIGNUP'),
              ($1, 'PRIVACY', 'legacy', now() - interval '1 year', 'SIGNUP')`,
      [old.id],
    );
    expect((await consentsOf(db, old.id)).needsAgreement.map((n) => n.kind)).toEqual(['SERVICE', 'PRIVACY']);
  });

  it('the promotional consent turns on and off; a required one cannot be withdrawn', async () => {
    const me = await newcomer();
    await registerUser(db, me, userInput('알림'), []);
    const registered = { ...me, type: 'USER' as const, roles: ['USER' as const] };
    const on = await agreeTo(db, registered, { consents: [{ kind: 'MARKETING' }] });
    expect(on.optional).toEqual([expect.objectContaining({ kind: 'MARKETING', agreed: true })]);
    const off = await withdrawConsent(db, registered, 'MARKETING');
    expect(off.optional).toEqual([expect.objectContaining({ kind: 'MARKETING', agreed: false })]);
    expect(off.consents.find((c) => c.kind === 'MARKETING')).toMatchObject({ withdrawnAt: expect.any(String) });
    expect(await refusal(withdrawConsent(db, registered, 'PRIVACY'))).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await refusal(withdrawConsent(db, registered, 'WHATEVER'))).toMatchObject({ code: 'BAD_REQUEST' });
    // Turned on again: a new record, the withdrawn one kept.
    const again = await agreeTo(db, registered, { consents: ['MARKETING'] });
    expect(again.consents.filter((c) => c.kind === 'MARKETING')).toHaveLength(2);
    expect(again.optional[0]?.agreed).toBe(true);
  });
});

describe('age', () => {
  it('Kakao ranges that may be under 14 are refused at registration, with a Korean message; others register', async () => {
    expect(mayBeUnderFourteen('1~9')).toBe(true);
    expect(mayBeUnderFourteen('10~14')).toBe(true);
    expect(mayBeUnderFourteen('15~19')).toBe(false);
    expect(mayBeUnderFourteen(null)).toBe(false);
    for (const range of ['1~9', '10~14']) {
      const child = await newcomer(range);
      const refused = await refusal(registerUser(db, child, userInput('아이'), []));
      expect(refused).toMatchObject({ code: 'ACCESS_DENIED', message: expect.stringMatching(/만 14세 미만/) });
      const [row] = await db.query<{ type: string; n: number }>(
        'select type, (select count(*)::int from consents where member_id = $1) as n from members where id = $1',
        [child.id],
      );
      expect(row).toEqual({ type: 'UNDEFINED', n: 0 });
    }
    const teen = await newcomer('15~19');
    expect((await registerUser(db, teen, userInput('청소년'), [])).type).toBe('USER');
  });
});

describe('내 정보 내려받기', () => {
  it('holds every kind of row the member owns, and nothing of another member', async () => {
    // A photographer (the member exporting) and another member B with data of their own next to it.
    const me = await member(['PHOTOGRAPHER', 'USER'], `나${tag}`);
    const other = await member(['PHOTOGRAPHER', 'USER'], `남${tag}`);
    const applicant = await member(['USER'], `신청${tag}`);
    await db.query(
      `insert into photographer_pages (member_id, main_photography_types, description, contact_link)
       values ($1, '{SNAP}', '내 작가 소개 MINE-PAGE', 'https://mine.example'),
              ($2, '{SNAP}', '남의 작가 소개 OTHER-PAGE', 'https://other-secret.example')`,
      [me.id, other.id],
    );
    await db.query(`update members set instagram_id = 'mine.insta' where id = $1`, [me.id]);
    await db.query(`update members set instagram_id = 'other.secret' where id = $1`, [other.id]);
    await db.query(
      `insert into files (owner_id, kind, storage_key, thumb_key, original_name, content_type, byte_size, width, height)
       values ($1, 'PROMOTION_IMAGE', 'aa/mine-key.webp', 'aa/mine-thumb.webp', 'MINE-FILE.png', 'image/webp', 10, 1, 1),
              ($2, 'PROMOTION_IMAGE', 'bb/other-key.webp', 'bb/other-thumb.webp', 'OTHER-FILE.png', 'image/webp', 10, 1, 1)`,
      [me.id, other.id],
    );
    const mine = await createPromotion(db, me, event('MINE-EVENT'));
    const theirs = await createPromotion(db, other, event('OTHER-EVENT'));
    // Applications: I apply to B's event; someone applies to mine; B applies to a third event.
    const sent = await applyTo(db, me, theirs.id, {
      introduction: 'MINE-SENT-INTRO',
      preferredDates: [day(2)],
      instagramId: 'mine.insta',
      contact: 'MINE-CONTACT',
      consent: true,
    });
    const received = await applyTo(db, applicant, mine.id, {
      introduction: 'RECEIVED-INTRO',
      preferredDates: [day(3)],
      instagramId: 'applicant.insta',
      contact: 'APPLICANT-CONTACT-NOT-SHARED',
      consent: true,
    });
    const third = await createPromotion(db, other, event('THIRD-EVENT'));
    await applyTo(db, applicant, third.id, {
      introduction: 'OTHER-APPLICATION-INTRO',
      preferredDates: [day(3)],
      instagramId: 'applicant.insta',
      contact: 'OTHER-APPLICATION-CONTACT',
      consent: true,
    });
    // Saves, reports, consents, views, sessions of both.
    await savePromotion(db, me.id, theirs.id);
    await savePromotion(db, other.id, mine.id);
    await db.query(
      `insert into reports (reporter_id, target_type, target_id, reason, detail)
       values ($1, 'PROMOTION', $3, 'OTHER', 'MINE-REPORT'), ($2, 'PROMOTION', $4, 'OTHER', 'OTHER-REPORT-SECRET')`,
      [me.id, other.id, theirs.id, mine.id],
    );
    await db.query(
      `insert into consents (member_id, kind, version, how) values ($1, 'MARKETING', '1', 'SETTINGS'),
              ($2, 'MARKETING', 'OTHER-CONSENT-VERSION', 'SETTINGS')`,
      [me.id, other.id],
    );
    await db.query(
      `insert into push_subscriptions (member_id, endpoint, p256dh, auth)
       values ($1, $3, 'k', 'a'), ($2, $4, 'k', 'a')`,
      [
        me.id,
        other.id,
        `https://fcm.googleapis.com/fcm/send/mine-${me.id}`,
        `https://web.push.apple.com/OTHER-PUSH-SECRET-${other.id}`,
      ],
    );
    await db.query(`insert into promotion_views (promotion_id, viewer, day) values ($1, $2, $4), ($3, $5, $4)`, [
      theirs.id,
      memberViewerKey(me.id),
      mine.id,
      day(0),
      memberViewerKey(other.id),
    ]);
    await db.query(`insert into promotion_clicks (promotion_id, viewer, day) values ($1, $2, $4), ($3, $5, $4)`, [
      theirs.id,
      memberViewerKey(me.id),
      mine.id,
      day(0),
      memberViewerKey(other.id),
    ]);
    await db.query(
      `insert into refresh_tokens (member_id, token_hash, chain_id, expires_at)
       values ($1, 'MINE-HASH-SECRET', 'c1', now() + interval '30 days'), ($2, 'OTHER-HASH', 'c2', now() + interval '30 days')`,
      [me.id, other.id],
    );

    const data = await exportMemberData(db, me);
    const text = JSON.stringify(data);

    expect(data.profile).toMatchObject({
      id: me.id,
      nickname: me.nickname,
      instagramId: 'mine.insta',
      type: 'PHOTOGRAPHER',
    });
    expect(data.photographerPage).toMatchObject({
      description: '내 작가 소개 MINE-PAGE',
      contactLink: 'https://mine.example',
    });
    expect(data.uploads).toEqual([
      expect.objectContaining({ originalName: 'MINE-FILE.png', url: expect.stringContaining('aa/mine-key.webp') }),
    ]);
    expect(data.saves.events).toEqual([expect.objectContaining({ eventId: theirs.id, title: 'OTHER-EVENT' })]);
    expect(data.events.map((e) => e.title)).toEqual(['MINE-EVENT']);
    expect(data.applicationsSent).toEqual([
      expect.objectContaining({
        id: sent.id,
        introduction: 'MINE-SENT-INTRO',
        contact: 'MINE-CONTACT',
        history: [expect.objectContaining({ to: 'APPLIED' })],
      }),
    ]);
    expect(data.applicationsReceived).toEqual([
      {
        event: { id: mine.id, title: 'MINE-EVENT' },
        applications: [expect.objectContaining({ id: received.id, introduction: 'RECEIVED-INTRO', contact: null })],
      },
    ]);
    expect(data.reports).toEqual([expect.objectContaining({ detail: 'MINE-REPORT', targetId: theirs.id })]);
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'MARKETING', version: '1' }),
        expect.objectContaining({
          kind: 'APPLICATION_THIRD_PARTY',
          application: expect.objectContaining({ id: sent.id }),
        }),
      ]),
    );
    expect(data.sessions).toHaveLength(1);
    expect(data.eventViews).toEqual([{ eventId: theirs.id, day: day(0) }]);
    expect(data.applyLinkClicks).toEqual([{ eventId: theirs.id, day: day(0) }]);
    expect(data.moderationActions).toEqual([]);
    // The applicant's application to my event told me; mine to B's event told B, not me.
    expect(data.notifications).toEqual([
      expect.objectContaining({ kind: 'NEW_APPLICATIONS', link: expect.stringContaining(`/my/inbox/${mine.id}`) }),
    ]);
    expect(text).not.toContain(`/my/inbox/${theirs.id}`);
    expect(data.notificationSettings).toBeDefined();
    expect(data.pushBrowsers).toEqual([{ pushService: 'fcm.googleapis.com', subscribedAt: expect.any(String) }]);
    expect(text).not.toContain('OTHER-PUSH-SECRET');
    expect(data.reviewsWritten).toEqual([]);
    expect(data.reviewsReceived).toEqual([]);

    // Nothing of anyone else's: B's page, files, reports, consents, tokens; the applicant's application
    // to another event; the applicant's contact before it is shared; and no token hash at all.
    for (const secret of [
      'OTHER-PAGE',
      'other-secret.example',
      'other.secret',
      'OTHER-FILE',
      'OTHER-REPORT-SECRET',
      'OTHER-CONSENT-VERSION',
      'OTHER-HASH',
      'MINE-HASH-SECRET',
      'OTHER-APPLICATION-INTRO',
      'OTHER-APPLICATION-CONTACT',
      'APPLICANT-CONTACT-NOT-SHARED',
      memberViewerKey(other.id),
    ]) {
      expect(text, secret).not.toContain(secret);
    }

    // Once the author selects the applicant, the contact is shared with them, and so in their export.
    await moveApplication(db, me, received.id, {
      to: 'SELECTED',
      shootAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      place: '성수동',
    });
    const later = await exportMemberData(db, me);
    expect(later.applicationsReceived[0]?.applications[0]).toMatchObject({ contact: 'APPLICANT-CONTACT-NOT-SHARED' });
  });
});
