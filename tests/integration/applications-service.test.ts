/**
 * Applications at the service level, on PGlite and on PostgreSQL: applying, every move with its
 * recorded history, capacity under concurrency, who may read what, the jobs that expire undecided
 * applications and delete applicants' data, and what a withdrawal anonymises.
 */
import { createReport } from '#server/services/reports';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '#lib/deadline';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { countRoundTrips } from '#server/db/round-trips';
import {
  applyTo,
  deleteExpiredApplicantData,
  expireUndecided,
  getApplication,
  listForAuthor,
  listMine,
  moveApplication,
} from '#server/services/applications';
import { processImage } from '#server/media/pipeline';
import { cleanUpFiles } from '#server/services/file-cleanup';
import { saveImages } from '#server/services/files';
import { withdrawMember } from '#server/services/members';
import { createLocalStorage } from '#server/storage/index';
import { createPromotion, getPromotion, type PromotionInput } from '#server/services/promotions';
import { insertPrincipal, openTestDb, promotionInput } from '../support/db';
import { refusal } from '../support/refusal';

let db: Db;
let author: Principal;
const day = (offset: number) => todayKst(Date.now() + offset * 86_400_000);
const page = { page: 0, pageSize: 20 };

const member = (roles?: ('USER' | 'PHOTOGRAPHER' | 'ADMIN')[]) => insertPrincipal(db, roles);

const event = (patch: Partial<PromotionInput> = {}) => promotionInput({ capacity: 2, showPlacesLeft: true, ...patch });

const intake = (patch: Record<string, unknown> = {}) => ({
  introduction: '아이 돌 사진을 남기고 싶어요.',
  preferredDates: [day(2)],
  contact: '010-1234-5678',
  consent: true,
  ...patch,
});

beforeAll(async () => {
  db = await openTestDb();
  author = await member(['PHOTOGRAPHER', 'USER']);
});

afterAll(async () => {
  await db.close();
});

describe('applying', () => {
  it('records the application with its consent, once per member and event, never to one’s own event', async () => {
    const e = await createPromotion(db, author, event());
    const me = await member();
    const a = await applyTo(db, me, e.id, intake());
    expect(a).toMatchObject({ status: 'APPLIED', consentVersion: expect.any(String), contact: '010-1234-5678' });
    expect(a.history).toEqual([expect.objectContaining({ from: null, to: 'APPLIED', by: 'APPLICANT' })]);
    expect(await refusal(applyTo(db, me, e.id, intake()))).toMatchObject({ code: 'ALREADY_APPLIED' });
    expect(await refusal(applyTo(db, author, e.id, intake()))).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await refusal(applyTo(db, await member(), e.id, intake({ consent: false })))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    // Withdrawn, the member may apply again.
    await moveApplication(db, me, a.id, { to: 'WITHDRAWN' });
    expect((await applyTo(db, me, e.id, intake())).status).toBe('APPLIED');
  });

  it('applies in 7 statements and answers an application, with its history, in one', async () => {
    const e = await createPromotion(db, author, event());
    const me = await member();
    const rt = countRoundTrips(db);
    const applied = await applyTo(rt.db, me, e.id, intake({ preferredDates: [] }));
    const sent = rt.statements.filter((s) => s !== 'BEGIN' && s !== 'COMMIT');
    // The event under its lock, the application with its first history row, the author's setting with
    // the closing of an old batch, the batch, its text, the day's counters, and the answer.
    expect(sent).toHaveLength(7);
    rt.reset();
    const read = await getApplication(rt.db, me, applied.id);
    expect(rt.statements).toHaveLength(1);
    expect(read.history).toEqual([
      { from: null, to: 'APPLIED', by: 'APPLICANT', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
    ]);
    expect(read.history?.[0]?.at).toBe(applied.history?.[0]?.at);
  });

  it('an event made without the new fields takes applications through its link only, as before', async () => {
    const { applyMode: _a, capacity: _c, showPlacesLeft: _s, asksInstagram: _i, asksPhotos: _p, ...old } = event();
    const e = await createPromotion(db, author, { ...old, externalLink: 'https://forms.gle/x' });
    expect(e).toMatchObject({ applyMode: 'LINK', capacity: null, externalLink: 'https://forms.gle/x' });
    expect(e.placesLeft).toBeUndefined();
    expect(await refusal(applyTo(db, await member(), e.id, intake()))).toMatchObject({ code: 'PROMOTION_NOT_IN_APP' });
  });

  it('an ended event takes no application', async () => {
    const e = await createPromotion(db, author, event({ startedAt: day(-10), endedAt: day(-1) }));
    expect(await refusal(applyTo(db, await member(), e.id, intake({ preferredDates: [] })))).toMatchObject({
      code: 'PROMOTION_CLOSED',
    });
  });
});

describe('moves', () => {
  it('select → confirm → complete on the shoot day, each recorded; the author sees the contact once selected', async () => {
    const e = await createPromotion(db, author, event());
    const me = await member();
    const a = await applyTo(db, me, e.id, intake());
    const before = (await listForAuthor(db, author, e.id, null, page)).items[0];
    expect(before).toMatchObject({ id: a.id, contact: null });
    const shootAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const selected = await moveApplication(db, author, a.id, {
      to: 'SELECTED',
      shootAt,
      place: '서울숲',
      message: '뵙겠습니다',
    });
    expect(selected).toMatchObject({
      status: 'SELECTED',
      place: '서울숲',
      message: '뵙겠습니다',
      contact: '010-1234-5678',
    });
    expect((await getPromotion(db, e.id, null)).placesLeft).toBe(1);
    const mine = (await listMine(db, me, page)).items[0];
    expect(mine).toMatchObject({ status: 'SELECTED', photographerContact: expect.any(Object) });
    await moveApplication(db, me, a.id, { to: 'CONFIRMED' });
    // Not before the shoot date.
    expect(await refusal(moveApplication(db, author, a.id, { to: 'COMPLETED' }))).toMatchObject({
      code: 'APPLICATION_TRANSITION_NOT_ALLOWED',
    });
    const done = await moveApplication(db, author, a.id, { to: 'COMPLETED' }, Date.now() + 3 * 86_400_000);
    expect(done.history?.map((h) => `${h.from}→${h.to} by ${h.by}`)).toEqual([
      'null→APPLIED by APPLICANT',
      'APPLIED→SELECTED by AUTHOR',
      'SELECTED→CONFIRMED by APPLICANT',
      'CONFIRMED→COMPLETED by AUTHOR',
    ]);
  });

  it('refuses what the table refuses, hides an application from strangers, lets admins read but not move', async () => {
    const e = await createPromotion(db, author, event());
    const me = await member();
    const a = await applyTo(db, me, e.id, intake());
    const stranger = await member(['PHOTOGRAPHER', 'USER']);
    const admin = await member(['ADMIN', 'USER']);
    expect(await refusal(getApplication(db, stranger, a.id))).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
    expect(await refusal(listForAuthor(db, stranger, e.id, null, page))).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await refusal(moveApplication(db, stranger, a.id, { to: 'DECLINED' }))).toMatchObject({
      code: 'APPLICATION_NOT_FOUND',
    });
    // Private to its two parties: an admin reads it only once one of them reported it.
    expect(await refusal(getApplication(db, admin, a.id))).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
    expect(
      await refusal(
        createReport(db, stranger, { targetType: 'APPLICATION', targetId: a.id, reason: 'SPAM', detail: '' }),
      ),
    ).toMatchObject({
      code: 'APPLICATION_NOT_FOUND',
    });
    await createReport(db, author, {
      targetType: 'APPLICATION',
      targetId: a.id,
      reason: 'INAPPROPRIATE_PHOTO',
      detail: '',
    });
    expect((await getApplication(db, admin, a.id)).id).toBe(a.id);
    expect(await refusal(moveApplication(db, admin, a.id, { to: 'DECLINED' }))).toMatchObject({
      code: 'ACCESS_DENIED',
    });
    expect(
      await refusal(moveApplication(db, me, a.id, { to: 'SELECTED', shootAt: day(2), place: '집' })),
    ).toMatchObject({ code: 'APPLICATION_TRANSITION_NOT_ALLOWED' });
    expect(await refusal(moveApplication(db, author, a.id, { to: 'CONFIRMED' }))).toMatchObject({
      code: 'APPLICATION_TRANSITION_NOT_ALLOWED',
    });
    await moveApplication(db, author, a.id, { to: 'DECLINED', message: '다음에 함께해요' });
    expect(await refusal(moveApplication(db, me, a.id, { to: 'WITHDRAWN' }))).toMatchObject({
      code: 'APPLICATION_TRANSITION_NOT_ALLOWED',
    });
  });

  it('never selects more than the capacity, whatever runs at once', async () => {
    const e = await createPromotion(db, author, event({ capacity: 10 }));
    const applicants = await Promise.all(Array.from({ length: 30 }, () => member()));
    const apps = [];
    for (const m of applicants) apps.push(await applyTo(db, m, e.id, intake()));
    const shootAt = new Date(Date.now() + 86_400_000).toISOString();
    const results = await Promise.allSettled(
      apps.map((a) => moveApplication(db, author, a.id, { to: 'SELECTED', shootAt, place: '공원' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'PROMOTION_FULL')).toBe(true);
    expect((await getPromotion(db, e.id, null)).placesLeft).toBe(0);
    // Full: nobody else applies.
    expect(await refusal(applyTo(db, await member(), e.id, intake()))).toMatchObject({ code: 'PROMOTION_FULL' });
    // A selected applicant withdrawing gives the place back.
    const taken = (await listForAuthor(db, author, e.id, 'SELECTED', page)).items[0]!;
    const who = applicants.find((m) => m.id === taken.applicant?.id)!;
    await moveApplication(db, who, taken.id, { to: 'WITHDRAWN' });
    expect((await getPromotion(db, e.id, null)).placesLeft).toBe(1);
  });
});

describe('retention and withdrawal', () => {
  it('the scheduled cleanup keeps the photos an application uses past the upload grace, and frees them after', async () => {
    const root = mkdtempSync(join(tmpdir(), 'damabwa-app-photos-'));
    const storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
    try {
      const e = await createPromotion(db, author, event());
      const me = await member();
      const [photo] = await saveImages(db, storage, me.id, 'APPLICATION_IMAGE', [
        {
          name: 'ref.png',
          image: await processImage(
            await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c96' } })
              .png()
              .toBuffer(),
          ),
        },
      ]);
      expect(photo!.url).toContain('/private/');
      const a = await applyTo(db, me, e.id, intake({ photos: [photo] }));
      const later = new Date(Date.now() + 3 * 86_400_000);
      await cleanUpFiles({ db, storage, now: later });
      const kept = await db.query<{ n: number }>(
        "select count(*)::int as n from files where owner_id = $1 and kind = 'APPLICATION_IMAGE'",
        [me.id],
      );
      expect(kept[0]?.n).toBe(1);
      await db.query('delete from applications where id = $1', [a.id]);
      await cleanUpFiles({ db, storage, now: later });
      const gone = await db.query<{ n: number }>('select count(*)::int as n from files where owner_id = $1', [me.id]);
      expect(gone[0]?.n).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('expires undecided applications when the event ends, and deletes applicants’ data 90 days after', async () => {
    const e = await createPromotion(db, author, event({ startedAt: day(0), endedAt: day(1) }));
    const me = await member();
    const a = await applyTo(db, me, e.id, intake({ preferredDates: [day(1)] }));
    const keep = await createPromotion(db, author, event());
    const kept = await applyTo(db, me, keep.id, intake());
    expect(await expireUndecided(db, Date.now() + 2 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect((await getApplication(db, me, a.id)).status).toBe('EXPIRED');
    expect((await getApplication(db, me, kept.id)).status).toBe('APPLIED');
    // 90 days after the end: gone; the other event's application stays.
    expect(await deleteExpiredApplicantData(db, Date.now() + 90 * 86_400_000)).toBe(0);
    expect(await deleteExpiredApplicantData(db, Date.now() + 92 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(await refusal(getApplication(db, me, a.id))).toMatchObject({ code: 'APPLICATION_NOT_FOUND' });
  });

  it('a withdrawal anonymises the member’s applications and gives their places back, nothing else', async () => {
    const e = await createPromotion(db, author, event({ capacity: 3 }));
    const leaving = await member();
    const staying = await member();
    const a = await applyTo(db, leaving, e.id, intake({ instagramId: 'leaving_me' }));
    const b = await applyTo(db, staying, e.id, intake());
    await moveApplication(db, author, a.id, { to: 'SELECTED', shootAt: new Date().toISOString(), place: '카페' });
    expect((await getPromotion(db, e.id, null)).placesLeft).toBe(2);
    await withdrawMember(db, leaving.id);
    const rows = (await listForAuthor(db, author, e.id, null, page)).items;
    const gone = rows.find((r) => r.id === a.id)!;
    expect(gone).toMatchObject({
      applicant: null,
      status: 'WITHDRAWN',
      introduction: '',
      instagramId: null,
      contact: null,
      photos: [],
      preferredDates: [],
    });
    expect(rows.find((r) => r.id === b.id)).toMatchObject({ applicant: { id: staying.id }, status: 'APPLIED' });
    expect((await getPromotion(db, e.id, null)).placesLeft).toBe(3);
  });
});
