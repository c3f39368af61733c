import { describe, expect, it } from 'vitest';
import {
  PROMOTION_MESSAGES as M,
  addHashtag,
  validateEndDate,
  validateExternalLink,
  validateFormHashtag,
  validateHashtag,
  validateHashtags,
  validatePromotionContent,
  validatePromotionImages,
  validatePromotionInput,
  validatePromotionPhotographyTypes,
  validatePromotionRegions,
  validatePromotionTitle,
  validatePromotionType,
  validateStartDate,
} from '#lib/rules/promotion';

const images = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `b${i}.jpg`, url: `/files/b${i}.webp` }));
const today = '2026-11-22';

describe('title: 3–30 characters including spaces', () => {
  it.each([
    ['가나다', '가나다'],
    ['  봄 스냅  ', '봄 스냅'],
    ['가'.repeat(30), '가'.repeat(30)],
    ['가 '.repeat(15).trim() + '가', '가 '.repeat(15).trim() + '가'],
    ['😀😀😀', '😀😀😀'],
    ['👨‍👩‍👧‍👦'.repeat(30), '👨‍👩‍👧‍👦'.repeat(30)],
  ])('accepts %j', (input, value) => {
    expect(validatePromotionTitle(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', M.titleEmpty],
    ['   ', M.titleEmpty],
    ['가나', M.titleLength],
    ['  가나  ', M.titleLength],
    ['😀😀', M.titleLength],
    ['가'.repeat(31), M.titleLength],
    ['👨‍👩‍👧‍👦'.repeat(31), M.titleLength],
    ['봄맞이\n스냅 촬영', M.titleInvalid],
  ])('rejects %j', (input, message) => {
    expect(validatePromotionTitle(input)).toEqual({ ok: false, message });
  });
});

describe('content: 1–500 characters', () => {
  it('counts graphemes after trimming and keeps line breaks', () => {
    expect(validatePromotionContent(' 첫 줄\r\n둘째 줄 ')).toEqual({ ok: true, value: '첫 줄\n둘째 줄' });
    expect(validatePromotionContent('😀'.repeat(500)).ok).toBe(true);
    expect(validatePromotionContent('😀'.repeat(501))).toEqual({ ok: false, message: M.contentTooLong });
    expect(validatePromotionContent(' \n\t ')).toEqual({ ok: false, message: M.contentEmpty });
  });
});

describe('photography types, regions, images', () => {
  it.each([
    [[], M.typesEmpty],
    [['SNAP', 'PROFILE', 'SELF'], M.typesTooMany],
    [['SNAP', 'SNAP'], M.typesDuplicate],
    [['snap'], M.typesInvalid],
  ])('types %j refused', (types, message) => {
    expect(validatePromotionPhotographyTypes(types)).toEqual({ ok: false, message });
  });

  it('takes 1–2 types', () => {
    expect(validatePromotionPhotographyTypes(['SELF', 'ID_PHOTO'])).toEqual({ ok: true, value: ['ID_PHOTO', 'SELF'] });
  });

  it('takes 1–3 known regions', () => {
    const r = (category: string, name: string) => ({ category, name });
    expect(validatePromotionRegions([])).toEqual({ ok: false, message: M.regionsEmpty });
    expect(validatePromotionRegions([r('서울', '강남구'), r('경기', '남양주'), r('대구', '군위군')]).ok).toBe(true);
    expect(
      validatePromotionRegions([r('서울', '강남구'), r('서울', '서초구'), r('서울', '중구'), r('서울', '마포구')]),
    ).toEqual({ ok: false, message: M.regionsTooMany });
    expect(validatePromotionRegions([r('경남', '청주')]).ok).toBe(false);
    expect(validatePromotionRegions([r('서울', '강남구'), r('서울', '강남구')])).toEqual({
      ok: false,
      message: M.regionsDuplicate,
    });
  });

  it('takes 1–10 images in the given order', () => {
    expect(validatePromotionImages([])).toEqual({ ok: false, message: M.imagesEmpty });
    expect(validatePromotionImages(images(10))).toEqual({ ok: true, value: images(10) });
    expect(validatePromotionImages(images(11))).toEqual({ ok: false, message: M.imagesTooMany });
  });
});

describe('hashtags', () => {
  it.each([
    [['스냅'], ['스냅']],
    [
      ['  스냅 ', '프로필'],
      ['스냅', '프로필'],
    ],
    [['가'.repeat(20)], ['가'.repeat(20)]],
    // The original app's longer keywords (issue 39).
    [['가'.repeat(21)], ['가'.repeat(21)]],
    [['a'.repeat(255)], ['a'.repeat(255)]],
    [
      ['셋', '둘', '하나'],
      ['셋', '둘', '하나'],
    ],
  ])('accepts %j', (tags, value) => {
    expect(validateHashtags(tags)).toEqual({ ok: true, value });
  });

  it.each([
    [[], M.hashtagsEmpty],
    [['스냅', '스냅'], M.hashtagDuplicate],
    [['스냅', ' 스냅 '], M.hashtagDuplicate],
    [['Snap', 'snap'], M.hashtagDuplicate],
    [['스냅', ''], M.hashtagEmpty],
    [['   '], M.hashtagEmpty],
    [['가'.repeat(256)], M.hashtagTooLong],
    [['a', 'b', 'c', 'd'], M.hashtagsTooMany],
    [['줄\n바꿈'], M.hashtagInvalid],
  ])('rejects %j', (tags, message) => {
    expect(validateHashtags(tags)).toEqual({ ok: false, message });
  });

  it('counts a keyword per grapheme', () => {
    expect(validateHashtag('📸'.repeat(255)).ok).toBe(true);
    expect(validateHashtag('📸'.repeat(256))).toEqual({ ok: false, message: M.hashtagTooLong });
    expect(validateFormHashtag('📸'.repeat(20)).ok).toBe(true);
    expect(validateFormHashtag('📸'.repeat(21))).toEqual({ ok: false, message: M.hashtagFormTooLong });
  });

  it('the API takes up to 255 characters (the original server), the event form up to 20 (issue 39)', () => {
    expect(M.hashtagTooLong).toBe('키워드는 255자 이내로 입력해 주세요.');
    expect(M.hashtagFormTooLong).toBe('키워드는 20자 이내로 입력해 주세요.');
    for (const n of [1, 20]) {
      expect(validateHashtag('가'.repeat(n)).ok, `${n}`).toBe(true);
      expect(validateFormHashtag('가'.repeat(n)).ok, `${n}`).toBe(true);
    }
    for (const n of [21, 100, 255]) {
      expect(validateHashtag('가'.repeat(n)), `${n}`).toEqual({ ok: true, value: '가'.repeat(n) });
      expect(validateFormHashtag('가'.repeat(n)), `${n}`).toEqual({ ok: false, message: M.hashtagFormTooLong });
      expect(addHashtag([], '가'.repeat(n)), `${n}`).toEqual({ ok: false, message: M.hashtagFormTooLong });
    }
    expect(validateHashtag('가'.repeat(256))).toEqual({ ok: false, message: M.hashtagTooLong });
    expect(validateFormHashtag('가'.repeat(256))).toEqual({ ok: false, message: M.hashtagFormTooLong });
    // Surrounding spaces do not count.
    expect(validateHashtag(` ${'가'.repeat(255)} `).ok).toBe(true);
  });

  it('adds keywords like the form: blocked at 3 or when empty, a duplicate silently ignored', () => {
    expect(addHashtag([], ' 스냅 ')).toEqual({ ok: true, value: ['스냅'] });
    expect(addHashtag(['스냅'], '스냅')).toEqual({ ok: true, value: ['스냅'] });
    expect(addHashtag(['스냅'], '')).toEqual({ ok: false, message: M.hashtagEmpty });
    expect(addHashtag(['a', 'b', 'c'], 'd')).toEqual({ ok: false, message: M.hashtagsTooMany });
    expect(M.hashtagsTooMany).toBe('대표 키워드는 최대 3개까지 입력할 수 있어요.');
  });

  it('drops the # a member types before a keyword: the display adds one (issue 44)', () => {
    expect(addHashtag([], '#프로필')).toEqual({ ok: true, value: ['프로필'] });
    expect(addHashtag([], ' ## 야경 ')).toEqual({ ok: true, value: ['야경'] });
    expect(addHashtag(['프로필'], '#프로필')).toEqual({ ok: true, value: ['프로필'] });
    expect(addHashtag([], '#')).toEqual({ ok: false, message: M.hashtagEmpty });
    expect(validateHashtags(['#스냅', '프로필'])).toEqual({ ok: true, value: ['스냅', '프로필'] });
    expect(validateHashtags(['#스냅', '스냅'])).toEqual({ ok: false, message: M.hashtagDuplicate });
    // Only a leading # is the display's.
    expect(validateHashtag('C#')).toEqual({ ok: true, value: 'C#' });
  });
});

describe('promotion type, dates, link', () => {
  it('requires FREE or DISCOUNT', () => {
    expect(validatePromotionType('FREE')).toEqual({ ok: true, value: 'FREE' });
    expect(validatePromotionType(undefined)).toEqual({ ok: false, message: M.promotionTypeRequired });
  });

  it.each([
    ['2026-11-22', true, true],
    ['2026-11-23', true, true],
    ['2026-11-21', true, false],
    ['2026-11-21', false, true],
  ])('start %s with check %s → %s', (start, check, okay) => {
    expect(validateStartDate(start, today, check).ok).toBe(okay);
  });

  it('lets the end date be the start date but not before it', () => {
    expect(validateEndDate('2026-11-22', '2026-11-22').ok).toBe(true);
    expect(validateEndDate('2026-11-21', '2026-11-22')).toEqual({ ok: false, message: M.endedAtBeforeStart });
    expect(validateEndDate('', '2026-11-22')).toEqual({ ok: false, message: M.endedAtRequired });
  });

  it.each([
    ['', M.externalLinkEmpty],
    ['javascript:alert(1)', M.externalLinkInvalid],
    ['JaVaScRiPt:alert(1)', M.externalLinkInvalid],
    [' data:text/html,<script>alert(1)</script>', M.externalLinkInvalid],
    ['vbscript:msgbox(1)', M.externalLinkInvalid],
    // Without a scheme a plausible host is taken as https (issue 18); a text with spaces is not a link.
    ['instagram com/p x', M.externalLinkInvalid],
  ])('link %j refused', (link, message) => {
    expect(validateExternalLink(link)).toEqual({ ok: false, message });
  });
});

describe('validatePromotionInput', () => {
  const body = {
    promotionType: 'FREE',
    title: '  가을 프로필 무료 촬영  ',
    content: '가을 맞이 프로필 촬영 이벤트입니다.\r\n많은 신청 바랍니다.',
    externalLink: ' https://instagram.com/p/abc ',
    startedAt: '2026-11-22',
    endedAt: '2026-11-30',
    photographyTypes: ['SNAP', 'PROFILE'],
    images: images(2),
    activeRegions: [
      { category: '경기', name: '수원' },
      { category: '서울', name: ' 강남구 ' },
    ],
    hashtags: [' 가을 ', '프로필'],
    unknownField: 'ignored',
  };

  it('returns the normalised payload', () => {
    expect(validatePromotionInput(body, { today, checkStart: true })).toEqual({
      ok: true,
      value: {
        promotionType: 'FREE',
        title: '가을 프로필 무료 촬영',
        content: '가을 맞이 프로필 촬영 이벤트입니다.\n많은 신청 바랍니다.',
        externalLink: 'https://instagram.com/p/abc',
        startedAt: '2026-11-22',
        endedAt: '2026-11-30',
        photographyTypes: ['PROFILE', 'SNAP'],
        images: images(2),
        activeRegions: [
          { category: '서울', name: '강남구' },
          { category: '경기', name: '수원' },
        ],
        hashtags: ['가을', '프로필'],
        isAuthorHidden: false,
      },
    });
    expect(validatePromotionInput({ ...body, isAuthorHidden: true }, { today, checkStart: true })).toMatchObject({
      ok: true,
      value: { isAuthorHidden: true },
    });
  });

  it('takes the original app’s keywords up to 255 characters; 256 is a 422 (issue 39)', () => {
    const long = '서울야외스냅'.repeat(42) + '가을'; // 254 characters
    expect(
      validatePromotionInput({ ...body, hashtags: [long, '가'.repeat(255)] }, { today, checkStart: true }),
    ).toMatchObject({ ok: true, value: { hashtags: [long, '가'.repeat(255)] } });
    expect(validatePromotionInput({ ...body, hashtags: ['가'.repeat(256)] }, { today, checkStart: true })).toEqual({
      ok: false,
      kind: 'VALIDATION',
      errors: [{ field: 'hashtags', message: M.hashtagTooLong }],
    });
  });

  it('checks the start date against today only when asked (create, or an update that moved it)', () => {
    const past = { ...body, startedAt: '2026-11-01' };
    expect(validatePromotionInput(past, { today, checkStart: true })).toEqual({
      ok: false,
      kind: 'VALIDATION',
      errors: [{ field: 'startedAt', message: M.startedAtPast }],
    });
    expect(validatePromotionInput(past, { today, checkStart: false }).ok).toBe(true);
  });

  it('lists every broken rule at once', () => {
    const r = validatePromotionInput(
      {
        ...body,
        title: '가나',
        content: '',
        externalLink: 'javascript:alert(1)',
        endedAt: '2026-11-21',
        photographyTypes: [],
        images: images(11),
        activeRegions: [{ category: '서울', name: '강남' }],
        hashtags: ['a', 'a'],
      },
      { today, checkStart: true },
    );
    expect(r.ok).toBe(false);
    if (r.ok || r.kind !== 'VALIDATION') throw new Error('expected VALIDATION');
    expect(r.errors.map((e) => e.field)).toEqual([
      'title',
      'content',
      'externalLink',
      'endedAt',
      'photographyTypes',
      'images',
      'activeRegions',
      'hashtags',
    ]);
    for (const e of r.errors) expect(e.message).toMatch(/[가-힣]/);
  });

  it.each([
    [{ ...body, title: undefined }, 'title'],
    [{ ...body, title: 42 }, 'title'],
    [{ ...body, promotionType: 'PAID' }, 'promotionType'],
    [{ ...body, promotionType: null }, 'promotionType'],
    [{ ...body, startedAt: '2026-02-30' }, 'startedAt'],
    [{ ...body, startedAt: '2026/11/22' }, 'startedAt'],
    [{ ...body, endedAt: 20261130 }, 'endedAt'],
    [{ ...body, photographyTypes: 'SNAP' }, 'photographyTypes'],
    [{ ...body, photographyTypes: ['WEDDING'] }, 'photographyTypes'],
    [{ ...body, images: [{ name: 'a' }] }, 'images'],
    [{ ...body, images: ['https://x/y.jpg'] }, 'images'],
    [{ ...body, activeRegions: ['서울 강남구'] }, 'activeRegions'],
    [{ ...body, hashtags: [1] }, 'hashtags'],
    [{ ...body, hashtags: '스냅' }, 'hashtags'],
    [{ ...body, isAuthorHidden: 'yes' }, 'isAuthorHidden'],
    [{ ...body, content: '내용\u0000' }, 'content'],
  ])('malformed body %# is BAD_REQUEST on %s', (input, field) => {
    expect(validatePromotionInput(input, { today, checkStart: true })).toMatchObject({
      ok: false,
      kind: 'BAD_REQUEST',
      field,
    });
  });

  it('refuses a body that is not an object', () => {
    for (const input of [null, [], 'x', 1]) {
      expect(validatePromotionInput(input, { today, checkStart: true })).toMatchObject({ kind: 'BAD_REQUEST' });
    }
  });
});
