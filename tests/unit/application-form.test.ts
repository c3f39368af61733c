/** The intake form, the shoot's time in Korea and which buttons an application shows (issue 40). */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  EMPTY_INTAKE,
  applicantMoves,
  authorMoves,
  dateBounds,
  formatShootAt,
  formatShortDate,
  intakeBody,
  intakeForMember,
  intakeProblems,
  shootAtFrom,
  withConsent,
  withContact,
  withDateAdded,
  withDateRemoved,
  withInstagram,
  withIntroduction,
  type IntakeFields,
} from '#lib/application-form';
import { readApplyProps } from '#client/apply-buttons';
import type { ApplicationInboxEvent, ApplicationResponse } from '#lib/contract';
import type { ApplicationResponse as Served, InboxEvent } from '#server/services/applications';

const period = { startedAt: '2026-05-12', endedAt: '2026-05-20' };
const event = { ...period, asksInstagram: false, asksPhotos: false };
const photo = (n: number) => ({ name: `p${n}.jpg`, url: `/media/private/ab/${'ab'.padEnd(64, String(n))}.webp` });

const filled: IntakeFields = {
  instagramId: 'damabwa.me',
  introduction: '자연스러운 프로필 사진을 남기고 싶어요.',
  preferredDates: ['2026-05-13'],
  contact: '',
  consent: true,
};

describe('the answer shapes the islands read are the server’s', () => {
  it('Application and the inbox’s events', () => {
    expectTypeOf<ApplicationResponse>().toEqualTypeOf<Served>();
    expectTypeOf<ApplicationInboxEvent>().toEqualTypeOf<InboxEvent>();
  });
});

describe('the intake fields', () => {
  it('prefills the Instagram id from the profile', () => {
    expect(intakeForMember({ instagramId: 'me.here' })).toEqual({ ...EMPTY_INTAKE, instagramId: 'me.here' });
    expect(intakeForMember({ instagramId: null }).instagramId).toBe('');
  });

  it('an Instagram id loses its @ and spaces; 자기소개 stops at 300, 연락처 at 100 on one line', () => {
    expect(withInstagram(EMPTY_INTAKE, ' @my id').instagramId).toBe('myid');
    expect(withIntroduction(EMPTY_INTAKE, '가'.repeat(320)).introduction).toHaveLength(300);
    expect(withContact(EMPTY_INTAKE, '010\n1234').contact).toBe('010 1234');
    expect(withContact(EMPTY_INTAKE, '1'.repeat(120)).contact).toHaveLength(100);
  });

  it('dates: within the event, sorted, no twice, five at most', () => {
    let f = withDateAdded(EMPTY_INTAKE, '2026-05-15', period).fields;
    f = withDateAdded(f, '2026-05-13', period).fields;
    expect(f.preferredDates).toEqual(['2026-05-13', '2026-05-15']);
    expect(withDateAdded(f, '2026-05-13', period).fields).toBe(f);
    expect(withDateAdded(f, '2026-05-21', period)).toEqual({
      fields: f,
      message: '희망 촬영일은 이벤트 기간 안에서 골라 주세요.',
    });
    for (const d of ['2026-05-16', '2026-05-17', '2026-05-18']) f = withDateAdded(f, d, period).fields;
    expect(withDateAdded(f, '2026-05-19', period).message).toBe('희망 촬영일은 5개까지 고를 수 있어요.');
    expect(withDateRemoved(f, '2026-05-13').preferredDates).not.toContain('2026-05-13');
  });

  it('the picker starts at today when the event has begun', () => {
    expect(dateBounds(period, '2026-05-15')).toEqual({ min: '2026-05-15', max: '2026-05-20' });
    expect(dateBounds(period, '2026-05-01')).toEqual({ min: '2026-05-12', max: '2026-05-20' });
  });
});

describe('the body: only what the server takes', () => {
  it('sends the intake with the consent', () => {
    expect(intakeBody(filled, [photo(1)], event, { requireConsent: true })).toEqual({
      introduction: filled.introduction,
      preferredDates: ['2026-05-13'],
      instagramId: 'damabwa.me',
      photos: [photo(1)],
      contact: null,
      consent: true,
    });
  });

  it('needs the consent to apply, not to edit', () => {
    const f = withConsent(filled, false);
    expect(intakeBody(f, [], event, { requireConsent: true })).toBeNull();
    expect(intakeProblems(f, [], event, { requireConsent: true }).consent).toBe(
      '개인정보 제3자 제공에 동의해야 신청할 수 있어요.',
    );
    expect(intakeBody(f, [], event, { requireConsent: false })).not.toHaveProperty('consent');
  });

  it('asks what the event asks: an Instagram id, a photo', () => {
    const strict = { ...event, asksInstagram: true, asksPhotos: true };
    const problems = intakeProblems({ ...filled, instagramId: '' }, [], strict, { requireConsent: true });
    expect(problems).toEqual({
      instagramId: '이 이벤트는 인스타그램 아이디를 요청해요.',
      photos: '이 이벤트는 참고 사진을 1장 이상 요청해요.',
    });
    expect(intakeBody(filled, [photo(1)], strict, { requireConsent: true })).not.toBeNull();
  });

  it('자기소개 is required; an id with other characters is refused', () => {
    expect(intakeProblems({ ...filled, introduction: '  ' }, [], event, { requireConsent: true })).toEqual({
      introduction: '자기소개를 입력해 주세요.',
    });
    expect(intakeProblems({ ...filled, instagramId: '한글' }, [], event, { requireConsent: true })).toHaveProperty(
      'instagramId',
    );
  });
});

describe('the shoot in Korea', () => {
  it('a KST date and time is an ISO instant; incomplete is null', () => {
    expect(shootAtFrom('2026-05-13', '14:30')).toBe('2026-05-13T05:30:00.000Z');
    expect(shootAtFrom('2026-05-13', '00:10')).toBe('2026-05-12T15:10:00.000Z');
    expect(shootAtFrom('2026-05-13', '')).toBeNull();
    expect(shootAtFrom('', '10:00')).toBeNull();
  });

  it('is shown in Korean, in Korea', () => {
    expect(formatShortDate('2026-11-28')).toBe('11월 28일 (토)');
    expect(formatShootAt('2026-05-13T05:30:00.000Z')).toBe('5월 13일 (수) 오후 2:30');
    expect(formatShootAt('2026-05-12T15:10:00.000Z')).toBe('5월 13일 (수) 오전 12:10');
  });
});

describe('which buttons', () => {
  const shoot = '2026-05-13T05:30:00.000Z';
  const kst = (iso: string) => Date.parse(iso);

  it('the author decides an application, cancels a selection, marks the shoot from its date on', () => {
    expect(authorMoves({ status: 'APPLIED', shootAt: null })).toEqual(['SELECTED', 'DECLINED']);
    expect(authorMoves({ status: 'SELECTED', shootAt: shoot })).toEqual(['CANCELLED']);
    expect(authorMoves({ status: 'CONFIRMED', shootAt: shoot }, kst('2026-05-12T14:59:00Z'))).toEqual(['CANCELLED']);
    expect(authorMoves({ status: 'CONFIRMED', shootAt: shoot }, kst('2026-05-12T15:00:00Z'))).toEqual([
      'CANCELLED',
      'COMPLETED',
      'NO_SHOW',
    ]);
    expect(authorMoves({ status: 'COMPLETED', shootAt: shoot })).toEqual([]);
  });

  it('the applicant confirms or withdraws', () => {
    expect(applicantMoves({ status: 'APPLIED' })).toEqual(['WITHDRAWN']);
    expect(applicantMoves({ status: 'SELECTED' })).toEqual(['CONFIRMED', 'WITHDRAWN']);
    expect(applicantMoves({ status: 'CONFIRMED' })).toEqual([]);
  });
});

describe('the event page’s slot of 담아봐로 신청하기', () => {
  const props = {
    id: 12,
    title: '봄 스냅',
    startedAt: '2026-05-12',
    endedAt: '2026-05-20',
    asksInstagram: true,
    asksPhotos: false,
    photographer: '빛담 스튜디오',
  };

  it('reads the props the page rendered', () => {
    expect(readApplyProps(JSON.stringify(props))).toEqual(props);
    expect(readApplyProps(JSON.stringify({ ...props, asksPhotos: 'yes' }))?.asksPhotos).toBe(false);
  });

  it('refuses anything else', () => {
    expect(readApplyProps(undefined)).toBeNull();
    expect(readApplyProps('{')).toBeNull();
    expect(readApplyProps(JSON.stringify({ ...props, id: 0 }))).toBeNull();
    expect(readApplyProps(JSON.stringify({ ...props, title: 3 }))).toBeNull();
  });
});
