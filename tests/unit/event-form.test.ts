/** The event form's transitions, limits and register button (spec §2 Event form, §5 Event form). */
import { describe, expect, it } from 'vitest';
import type { Image, PhotographyType, Region } from '#lib/domain';
import {
  EMPTY_EVENT_FORM,
  EVENT_PICKS,
  canAddHashtag,
  canSubmitEvent,
  decodeEventDraft,
  endDateMin,
  eventDraftKey,
  eventFormFromPromotion,
  eventFormProblems,
  eventRequest,
  isEndDateEnabled,
  startDateMin,
  withApplyMode,
  withApplyOption,
  withCapacity,
  withContent,
  withEndDate,
  withHashtagAdded,
  withHashtagInput,
  withHashtagRemoved,
  withStartDate,
  withTitle,
  type EventFormContext,
  type EventFormFields,
} from '#lib/event-form';
import type { PromotionResponse } from '#lib/contract';
import { withRegionPicked, withTypePicked } from '#lib/member-forms';

const withTypeToggled = (f: EventFormFields, type: PhotographyType) => withTypePicked(f, type, EVENT_PICKS);
const withRegionToggled = (f: EventFormFields, region: Region) => withRegionPicked(f, region, EVENT_PICKS);

const today = '2026-05-10';
const create: EventFormContext = { today, originalStartedAt: null };
const img = (n: number): Image => ({ name: `b${n}.jpg`, url: `/media/bb/${String(n).padStart(64, 'b')}.webp` });

const filled: EventFormFields = {
  title: '봄맞이 야외 스냅 무료 촬영',
  photographyTypes: ['SNAP'],
  regions: [{ category: '서울', name: '강남구' }],
  promotionType: 'FREE',
  startedAt: '2026-05-12',
  endedAt: '2026-05-20',
  externalLink: 'https://instagram.com/p/abc',
  hashtags: ['야외스냅', '무료촬영', '봄'],
  hashtagInput: '',
  content: '따뜻한 봄날 야외에서 스냅 촬영을 진행해요.',
  applyMode: 'BOTH',
  capacity: '10',
  showPlacesLeft: true,
  asksInstagram: true,
  asksPhotos: false,
};

const add = (fields: EventFormFields, input: string) => withHashtagAdded(withHashtagInput(fields, input));

describe('title: 3–30 characters including spaces, input beyond 30 ignored', () => {
  it('cuts input at 30 characters', () => {
    const f = withTitle(EMPTY_EVENT_FORM, '가'.repeat(35));
    expect(f.title).toHaveLength(30);
  });

  it('keeps a title on one line', () => {
    expect(withTitle(EMPTY_EVENT_FORM, '첫줄\n둘째줄').title).toBe('첫줄 둘째줄');
  });

  it('needs at least 3 characters for the register button', () => {
    expect(canSubmitEvent({ ...filled, title: '봄 ' }, [img(1)], create)).toBe(false);
    expect(canSubmitEvent({ ...filled, title: '봄촬영' }, [img(1)], create)).toBe(true);
  });
});

describe('types max 2, regions max 3', () => {
  it('a third type is ignored; removing one frees a place', () => {
    let f = withTypeToggled(withTypeToggled(EMPTY_EVENT_FORM, 'SNAP'), 'PROFILE');
    f = withTypeToggled(f, 'SELF');
    expect(f.photographyTypes).toEqual(['SNAP', 'PROFILE']);
    f = withTypeToggled(withTypeToggled(f, 'SNAP'), 'SELF');
    expect(f.photographyTypes).toEqual(['PROFILE', 'SELF']);
  });

  it('a fourth region is ignored', () => {
    let f = EMPTY_EVENT_FORM;
    for (const name of ['강남구', '서초구', '마포구', '용산구']) f = withRegionToggled(f, { category: '서울', name });
    expect(f.regions.map((r) => r.name)).toEqual(['강남구', '서초구', '마포구']);
  });
});

describe('dates: start ≥ today (KST), end disabled until a start, end ≥ start, a new start clears the end', () => {
  it('offers today as the earliest start', () => {
    expect(startDateMin(create)).toBe(today);
  });

  it('the end date is disabled until a start date is chosen, and ignores input until then', () => {
    expect(isEndDateEnabled(EMPTY_EVENT_FORM)).toBe(false);
    expect(withEndDate(EMPTY_EVENT_FORM, '2026-05-20').endedAt).toBe('');
    const f = withStartDate(EMPTY_EVENT_FORM, '2026-05-12');
    expect(isEndDateEnabled(f)).toBe(true);
    expect(endDateMin(f)).toBe('2026-05-12');
  });

  it('a new start date clears the end date', () => {
    const f = withEndDate(withStartDate(EMPTY_EVENT_FORM, '2026-05-12'), '2026-05-20');
    expect(f.endedAt).toBe('2026-05-20');
    expect(withStartDate(f, '2026-05-13').endedAt).toBe('');
    expect(withStartDate(f, '2026-05-12').endedAt).toBe('2026-05-20');
  });

  it('a start before today or an end before the start blocks the button', () => {
    expect(canSubmitEvent({ ...filled, startedAt: '2026-05-09' }, [img(1)], create)).toBe(false);
    expect(eventFormProblems({ ...filled, startedAt: '2026-05-09' }, [img(1)], create).startedAt).toBe(
      '시작일은 오늘보다 이전 날짜로 선택할 수 없어요.',
    );
    expect(canSubmitEvent({ ...filled, startedAt: today, endedAt: today }, [img(1)], create)).toBe(true);
    expect(canSubmitEvent({ ...filled, endedAt: '2026-05-11' }, [img(1)], create)).toBe(false);
  });

  it('in edit mode a past start that is kept is fine; changing it must not go before today', () => {
    const edit: EventFormContext = { today, originalStartedAt: '2026-05-01' };
    expect(canSubmitEvent({ ...filled, startedAt: '2026-05-01' }, [img(1)], edit)).toBe(true);
    expect(canSubmitEvent({ ...filled, startedAt: '2026-05-02' }, [img(1)], edit)).toBe(false);
  });
});

describe('keywords: 1–3, empty blocked, duplicates silently ignored, limit modal at the fourth', () => {
  it('adding is blocked while the input is empty', () => {
    expect(canAddHashtag(withHashtagInput(EMPTY_EVENT_FORM, '   '))).toBe(false);
    expect(add(EMPTY_EVENT_FORM, '  ').outcome).toEqual({ kind: 'empty' });
  });

  it('adds trimmed keywords and clears the input', () => {
    const r = add(EMPTY_EVENT_FORM, ' 야경 ');
    expect(r.outcome.kind).toBe('added');
    expect(r.fields.hashtags).toEqual(['야경']);
    expect(r.fields.hashtagInput).toBe('');
  });

  it('a duplicate is silently ignored', () => {
    const once = add(EMPTY_EVENT_FORM, '스냅').fields;
    const twice = add(once, '스냅');
    expect(twice.outcome.kind).toBe('duplicate');
    expect(twice.fields.hashtags).toEqual(['스냅']);
    expect(add(add(EMPTY_EVENT_FORM, 'Snap').fields, 'snap').fields.hashtags).toEqual(['Snap']);
  });

  it('a fourth opens the limit modal with the spec message and changes nothing', () => {
    const r = add(filled, '넷째');
    expect(r.outcome).toEqual({ kind: 'limit', message: '대표 키워드는 최대 3개까지 입력할 수 있어요.' });
    expect(r.fields.hashtags).toEqual(filled.hashtags);
  });

  it('the input takes 20 characters, the API’s 255 are not the form’s (issue 39)', () => {
    expect(withHashtagInput(EMPTY_EVENT_FORM, '가'.repeat(30)).hashtagInput).toBe('가'.repeat(20));
    expect(add(EMPTY_EVENT_FORM, '가'.repeat(30)).fields.hashtags).toEqual(['가'.repeat(20)]);
  });

  it('removing one frees a place; none blocks the register button', () => {
    const f = withHashtagRemoved(filled, '봄');
    expect(f.hashtags).toEqual(['야외스냅', '무료촬영']);
    expect(canSubmitEvent({ ...filled, hashtags: [] }, [img(1)], create)).toBe(false);
  });
});

describe('description: max 500 with input beyond ignored', () => {
  it('cuts input at 500 characters', () => {
    expect(withContent(EMPTY_EVENT_FORM, '가'.repeat(600)).content).toHaveLength(500);
  });
});

describe('register button: active only when every required field is filled', () => {
  it('is active for a complete form and sends the contract body', () => {
    expect(eventRequest(filled, [img(1), img(2)], create)).toEqual({
      promotionType: 'FREE',
      title: '봄맞이 야외 스냅 무료 촬영',
      content: '따뜻한 봄날 야외에서 스냅 촬영을 진행해요.',
      externalLink: 'https://instagram.com/p/abc',
      startedAt: '2026-05-12',
      endedAt: '2026-05-20',
      photographyTypes: ['SNAP'],
      images: [img(1), img(2)],
      activeRegions: [{ category: '서울', name: '강남구' }],
      hashtags: ['야외스냅', '무료촬영', '봄'],
      applyMode: 'BOTH',
      capacity: 10,
      showPlacesLeft: true,
      asksInstagram: true,
      asksPhotos: false,
    });
  });

  it.each<[string, Partial<EventFormFields>]>([
    ['title', { title: '' }],
    ['photography types', { photographyTypes: [] }],
    ['regions', { regions: [] }],
    ['promotion type', { promotionType: null }],
    ['application link', { externalLink: '' }],
    ['hashtags', { hashtags: [] }],
    ['description', { content: '' }],
    ['start date', { startedAt: '', endedAt: '' }],
    ['end date', { endedAt: '' }],
  ])('is inactive without %s', (_name, patch) => {
    expect(canSubmitEvent({ ...filled, ...patch }, [img(1)], create)).toBe(false);
  });

  it('is inactive without banner photos, with more than 10, or while one uploads', () => {
    expect(canSubmitEvent(filled, [], create)).toBe(false);
    expect(
      canSubmitEvent(
        filled,
        Array.from({ length: 11 }, (_, i) => img(i)),
        create,
      ),
    ).toBe(false);
    expect(canSubmitEvent(filled, [img(1)], create, true)).toBe(false);
  });

  it('an application link that is not http(s) is refused; a host typed without a scheme is https', () => {
    expect(canSubmitEvent({ ...filled, externalLink: 'instagram' }, [img(1)], create)).toBe(false);
    expect(canSubmitEvent({ ...filled, externalLink: 'javascript:alert(1)' }, [img(1)], create)).toBe(false);
    expect(canSubmitEvent({ ...filled, externalLink: 'instagram.com/p/abc' }, [img(1)], create)).toBe(true);
    expect(eventRequest({ ...filled, externalLink: 'instagram.com/p/abc' }, [img(1)], create)?.externalLink).toBe(
      'https://instagram.com/p/abc',
    );
  });
});

describe('how the event takes applications (issue 40)', () => {
  it('a new event takes them on 담아봐 by default, with nothing asked and no places shown', () => {
    expect(EMPTY_EVENT_FORM).toMatchObject({
      applyMode: 'IN_APP',
      capacity: '',
      showPlacesLeft: false,
      asksInstagram: false,
      asksPhotos: false,
    });
  });

  it('모집 인원 takes digits only, two at most', () => {
    expect(withCapacity(filled, '3명').capacity).toBe('3');
    expect(withCapacity(filled, '１２').capacity).toBe('12');
    expect(withCapacity(filled, '120').capacity).toBe('12');
    expect(withCapacity(filled, '').capacity).toBe('');
  });

  it.each(['', '0', '51'])('모집 인원 %j is refused on 담아봐 and for both', (capacity) => {
    for (const applyMode of ['IN_APP', 'BOTH'] as const) {
      const f = { ...filled, applyMode, capacity };
      expect(canSubmitEvent(f, [img(1)], create)).toBe(false);
      expect(eventFormProblems(f, [img(1)], create).capacity).toBe('모집 인원을 1~50명 사이로 입력해 주세요.');
    }
  });

  it('1 and 50 are fine; a link-only event needs none and sends null', () => {
    expect(eventRequest({ ...filled, capacity: '1' }, [img(1)], create)?.capacity).toBe(1);
    expect(eventRequest({ ...filled, capacity: '50' }, [img(1)], create)?.capacity).toBe(50);
    const link = withApplyMode({ ...filled, capacity: '' }, 'LINK');
    expect(eventFormProblems(link, [img(1)], create)).not.toHaveProperty('capacity');
    expect(eventRequest(link, [img(1)], create)).toMatchObject({
      applyMode: 'LINK',
      capacity: null,
      showPlacesLeft: false,
      asksInstagram: false,
      asksPhotos: false,
    });
  });

  it('the link is required for LINK and BOTH only; an IN_APP event sends none, whatever was typed', () => {
    for (const applyMode of ['LINK', 'BOTH'] as const)
      expect(canSubmitEvent({ ...filled, applyMode, externalLink: '' }, [img(1)], create)).toBe(false);
    const inApp = { ...filled, applyMode: 'IN_APP' as const, externalLink: '' };
    expect(eventFormProblems(inApp, [img(1)], create)).not.toHaveProperty('externalLink');
    expect(eventRequest(inApp, [img(1)], create)?.externalLink).toBe('');
    expect(eventRequest({ ...inApp, externalLink: 'not a link' }, [img(1)], create)?.externalLink).toBe('');
  });

  it('sends what it asks of applicants', () => {
    let f = withApplyOption(filled, 'asksPhotos', true);
    f = withApplyOption(f, 'asksInstagram', false);
    f = withApplyOption(f, 'showPlacesLeft', false);
    expect(eventRequest(f, [img(1)], create)).toMatchObject({
      showPlacesLeft: false,
      asksInstagram: false,
      asksPhotos: true,
    });
    expect(withApplyOption(f, 'asksPhotos', true)).toBe(f);
  });
});

describe('edit mode prefill and the draft', () => {
  const saved: PromotionResponse = {
    id: 12,
    authorId: 7,
    promotionType: 'DISCOUNT',
    title: '여름 프로필 할인',
    content: '할인 촬영',
    externalLink: 'https://pf.kakao.com/_abc',
    startedAt: '2026-05-01',
    endedAt: '2026-06-01',
    viewCount: 3,
    isAuthorHidden: false,
    photographyTypes: ['PROFILE'],
    images: [img(1), img(2)],
    activeRegions: [{ category: '부산', name: '해운대구' }],
    hashtags: ['프로필'],
    applyMode: 'LINK',
    capacity: null,
    showPlacesLeft: false,
    asksInstagram: false,
    asksPhotos: false,
  };

  it('prefills every field and keeps the image order', () => {
    const { fields, images } = eventFormFromPromotion(saved);
    expect(fields).toMatchObject({ title: '여름 프로필 할인', promotionType: 'DISCOUNT', hashtags: ['프로필'] });
    expect(images).toEqual([img(1), img(2)]);
    expect(canSubmitEvent(fields, images, { today, originalStartedAt: saved.startedAt })).toBe(true);
  });

  it('an edited event keeps its mode, 모집 인원 and options', () => {
    expect(eventFormFromPromotion(saved).fields).toMatchObject({ applyMode: 'LINK', capacity: '' });
    const inApp = eventFormFromPromotion({
      ...saved,
      applyMode: 'BOTH',
      capacity: 12,
      showPlacesLeft: true,
      asksInstagram: false,
      asksPhotos: true,
    });
    expect(inApp.fields).toMatchObject({
      applyMode: 'BOTH',
      capacity: '12',
      showPlacesLeft: true,
      asksInstagram: false,
      asksPhotos: true,
    });
    expect(eventRequest(inApp.fields, inApp.images, { today, originalStartedAt: saved.startedAt })).toMatchObject({
      applyMode: 'BOTH',
      capacity: 12,
    });
  });

  it('a draft kept from before the field: a new event takes applications on 담아봐, an edited one by link', () => {
    const { applyMode: _m, capacity: _c, ...old } = filled;
    expect(decodeEventDraft({ editId: null, fields: old }, null)?.fields).toMatchObject({
      applyMode: 'IN_APP',
      capacity: '',
    });
    expect(decodeEventDraft({ editId: 12, fields: old }, 12)?.fields.applyMode).toBe('LINK');
    expect(
      decodeEventDraft({ editId: null, fields: { ...old, applyMode: 'NOPE', capacity: '7x' } }, null)?.fields,
    ).toMatchObject({ applyMode: 'IN_APP', capacity: '7' });
  });

  it('keeps an original-app keyword longer than the form takes, and sends it (issue 39)', () => {
    const long = '가'.repeat(40);
    const { fields, images } = eventFormFromPromotion({ ...saved, hashtags: [long, '프로필'] });
    expect(fields.hashtags).toEqual([long, '프로필']);
    const context = { today, originalStartedAt: saved.startedAt };
    expect(eventFormProblems(fields, images, context)).not.toHaveProperty('hashtags');
    expect(eventRequest(fields, images, context)?.hashtags).toEqual([long, '프로필']);
  });

  it('keys the draft by mode and reads back only a draft of the same form', () => {
    expect(eventDraftKey(null)).toBe('eventFormDraft:new');
    expect(eventDraftKey(12)).toBe('eventFormDraft:edit:12');
    const stored = JSON.parse(
      JSON.stringify({ editId: 12, originalStartedAt: '2026-05-01', fields: filled, images: [img(1)] }),
    ) as unknown;
    expect(decodeEventDraft(stored, 12)).toEqual({
      editId: 12,
      originalStartedAt: '2026-05-01',
      fields: filled,
      images: [img(1)],
    });
    expect(decodeEventDraft(stored, null)).toBeNull();
  });

  it('drops malformed parts of a stored draft', () => {
    const d = decodeEventDraft(
      {
        editId: null,
        fields: {
          title: 42,
          photographyTypes: ['SNAP', 'NOPE', 'SELF', 'PROFILE'],
          regions: [
            { category: '서울', name: '없는구' },
            { category: '서울', name: '마포구' },
          ],
          promotionType: 'PAID',
          startedAt: '2026-02-30',
          endedAt: '2026-03-01',
          hashtags: ['a', 1, 'b'],
        },
        images: [{ url: 'x' }, img(3)],
      },
      null,
    );
    expect(d?.fields).toMatchObject({
      title: '',
      photographyTypes: ['SNAP', 'SELF'],
      regions: [{ category: '서울', name: '마포구' }],
      promotionType: null,
      startedAt: '',
      endedAt: '',
      hashtags: ['a', 'b'],
    });
    expect(d?.images).toEqual([img(3)]);
    expect(decodeEventDraft('nonsense', null)).toBeNull();
  });
});
