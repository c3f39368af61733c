/**
 * The applications' transition table (`#lib/applications`): every allowed move and every refused one,
 * for each actor and state, written out here once more by hand; and the intake rules.
 */
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MOVES,
  APPLICATION_STATUSES,
  mayMove,
  movesFor,
  validateApplicationInput,
  validateTransitionInput,
  type ApplicationActor,
} from '#lib/applications';

/** Every allowed move as `actor status → move`; everything else must be refused. */
const ALLOWED = new Set([
  'AUTHOR APPLIED → SELECTED',
  'AUTHOR APPLIED → DECLINED',
  'APPLICANT SELECTED → CONFIRMED',
  'APPLICANT APPLIED → WITHDRAWN',
  'APPLICANT SELECTED → WITHDRAWN',
  'AUTHOR SELECTED → CANCELLED',
  'AUTHOR CONFIRMED → CANCELLED',
  'AUTHOR CONFIRMED → COMPLETED',
  'AUTHOR CONFIRMED → NO_SHOW',
]);

describe('the transition table', () => {
  const actors: ApplicationActor[] = ['APPLICANT', 'AUTHOR'];
  const cases = actors.flatMap((actor) =>
    APPLICATION_STATUSES.flatMap((status) => APPLICATION_MOVES.map((to) => [actor, status, to] as const)),
  );

  it.each(cases)('%s: %s → %s', (actor, status, to) => {
    expect(mayMove(actor, status, to)).toBe(ALLOWED.has(`${actor} ${status} → ${to}`));
  });

  it('offers the buttons of exactly those moves', () => {
    expect(movesFor('AUTHOR', 'APPLIED')).toEqual(['SELECTED', 'DECLINED']);
    expect(movesFor('APPLICANT', 'SELECTED')).toEqual(['CONFIRMED', 'WITHDRAWN']);
    expect(movesFor('AUTHOR', 'CONFIRMED')).toEqual(['CANCELLED', 'COMPLETED', 'NO_SHOW']);
    for (const s of ['COMPLETED', 'NO_SHOW', 'DECLINED', 'WITHDRAWN', 'CANCELLED', 'EXPIRED'] as const)
      for (const a of actors) expect(movesFor(a, s), `${a} ${s}`).toEqual([]);
  });
});

describe('the intake', () => {
  const event = { startedAt: '2026-12-01', endedAt: '2026-12-10', asksInstagram: false, asksPhotos: false };
  const body = {
    introduction: '안녕하세요, 가족 사진을 남기고 싶어요.',
    preferredDates: ['2026-12-03'],
    consent: true,
  };

  it('takes a short introduction, dates within the period and the consent', () => {
    const r = validateApplicationInput(body, event, { requireConsent: true });
    expect(r).toMatchObject({ ok: true, value: { introduction: body.introduction, preferredDates: ['2026-12-03'] } });
  });

  it.each([
    ['no consent', { ...body, consent: false }, 'consent'],
    ['an empty introduction', { ...body, introduction: '  ' }, 'introduction'],
    ['an introduction over 300', { ...body, introduction: '가'.repeat(301) }, 'introduction'],
    ['a date outside the period', { ...body, preferredDates: ['2026-12-11'] }, 'preferredDates'],
    ['four photos', { ...body, photos: [1, 2, 3, 4].map((i) => ({ name: `${i}`, url: `x${i}` })) }, 'photos'],
    ['a bad Instagram id', { ...body, instagramId: '한글아이디' }, 'instagramId'],
  ])('refuses %s', (_name, input, field) => {
    const r = validateApplicationInput(input, event, { requireConsent: true });
    expect(r.ok).toBe(false);
    if (!r.ok && r.kind === 'VALIDATION') expect(r.errors.map((e) => e.field)).toContain(field);
  });

  it('asks for what the event asks: an Instagram id, photos', () => {
    const r = validateApplicationInput(
      body,
      { ...event, asksInstagram: true, asksPhotos: true },
      { requireConsent: true },
    );
    expect(r.ok).toBe(false);
    if (!r.ok && r.kind === 'VALIDATION')
      expect(r.errors.map((e) => e.field).sort()).toEqual(['instagramId', 'photos']);
  });

  it('a selection needs its date, time and place; a cancellation its reason; an unknown move is 400', () => {
    expect(validateTransitionInput({ to: 'SELECTED' })).toMatchObject({ ok: false, kind: 'VALIDATION' });
    expect(
      validateTransitionInput({ to: 'SELECTED', shootAt: '2026-12-03T14:00:00+09:00', place: '서울숲 입구' }),
    ).toMatchObject({ ok: true, value: { shootAt: '2026-12-03T05:00:00.000Z', place: '서울숲 입구' } });
    expect(validateTransitionInput({ to: 'CANCELLED' })).toMatchObject({ ok: false, kind: 'VALIDATION' });
    expect(validateTransitionInput({ to: 'EXPIRED' })).toMatchObject({ ok: false, kind: 'BAD_REQUEST' });
    expect(validateTransitionInput({ to: 'WITHDRAWN' })).toMatchObject({ ok: true });
  });
});
