import { describe, expect, it } from 'vitest';
import {
  GENDER_MESSAGES,
  INSTAGRAM_ID_MESSAGES,
  PAGE_MESSAGES,
  PHOTOGRAPHER_NAME_MESSAGES,
  PROFILE_MESSAGES,
  USER_NICKNAME_MESSAGES,
  normaliseInstagramIdInput,
  normaliseNameInput,
  validateContactLink,
  validateGender,
  validateInstagramId,
  validateMainPhotographyTypes,
  validatePhotographerDescription,
  validatePhotographerName,
  validatePhotographerPage,
  validatePhotographerProfileUpdate,
  validatePhotographerRegions,
  validatePhotographerRegistration,
  validatePortfolio,
  validateProfileImage,
  validateUserNickname,
  validateUserProfileUpdate,
  validateUserRegistration,
} from '#lib/rules/member';
import {
  SIGNUP_SOURCE_MESSAGES,
  TERMS_MESSAGES,
  termsFor,
  validateSignupSources,
  validateTerms,
} from '#lib/rules/signup';

const img = (n: number) => ({ name: `p${n}.jpg`, url: `/files/p${n}.webp` });
const images = (n: number) => Array.from({ length: n }, (_, i) => img(i + 1));

describe('user nickname', () => {
  it.each([
    ['가나', '가나'],
    ['담아봐', '담아봐'],
    ['ㄱㄴ', 'ㄱㄴ'],
    ['ㅋㅋ사진', 'ㅋㅋ사진'],
    ['abc12', 'abc12'],
    ['Snap7', 'Snap7'],
    ['가나다라마바사', '가나다라마바사'],
    ['  가나', '가나'],
    ['가나 ', '가나'],
    // 가 as conjoining jamo (NFD, as some keyboards send it) is composed first.
    ['\u1100\u1161나', '가나'],
  ])('accepts %j as %j', (input, value) => {
    expect(validateUserNickname(input)).toEqual({ ok: true, value });
  });

  it.each([
    [' 가 나', USER_NICKNAME_MESSAGES.invalid],
    ['가 나', USER_NICKNAME_MESSAGES.invalid],
    ['가', USER_NICKNAME_MESSAGES.invalid],
    ['가나다라마바사아', USER_NICKNAME_MESSAGES.invalid],
    ['ㅏㅑ', USER_NICKNAME_MESSAGES.invalid],
    ['가나😀', USER_NICKNAME_MESSAGES.invalid],
    ['😀😀', USER_NICKNAME_MESSAGES.invalid],
    ['nick_1', USER_NICKNAME_MESSAGES.invalid],
    ['가나!', USER_NICKNAME_MESSAGES.invalid],
    ['ｆｕｌｌ', USER_NICKNAME_MESSAGES.invalid],
    ['', USER_NICKNAME_MESSAGES.empty],
    ['   ', USER_NICKNAME_MESSAGES.empty],
  ])('rejects %j', (input, message) => {
    expect(validateUserNickname(input)).toEqual({ ok: false, message });
  });

  it('normalises the input while typing: leading spaces stripped, runs collapsed', () => {
    expect(normaliseNameInput(' 가 나')).toBe('가 나');
    expect(normaliseNameInput('   가   나  ')).toBe('가 나 ');
    expect(normaliseNameInput('가\t\u3000나')).toBe('가 나');
  });

  it('has the spec messages in Korean', () => {
    expect(USER_NICKNAME_MESSAGES.empty).toBe('닉네임을 입력해 주세요.');
    expect(USER_NICKNAME_MESSAGES.invalid).toMatch(/2~7자/);
  });
});

describe('photographer name', () => {
  it.each([
    ['담아', '담아'],
    ['  담아봐   스튜디오  ', '담아봐 스튜디오'],
    ['Studio Dam 2', 'Studio Dam 2'],
    ['가나다라마바사아자차카타파하가나다라', '가나다라마바사아자차카타파하가나다라'],
    ['가 나 다 라 마 바 사 아 자', '가 나 다 라 마 바 사 아 자'],
    // A line break is whitespace: it collapses to one space, which is allowed between words.
    ['담아봐\n스튜디오', '담아봐 스튜디오'],
  ])('accepts %j as %j', (input, value) => {
    expect(validatePhotographerName(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', PHOTOGRAPHER_NAME_MESSAGES.empty],
    ['  ', PHOTOGRAPHER_NAME_MESSAGES.empty],
    ['가', PHOTOGRAPHER_NAME_MESSAGES.invalid],
    [' 가 ', PHOTOGRAPHER_NAME_MESSAGES.invalid],
    ['가나다라마바사아자차카타파하가나다라마', PHOTOGRAPHER_NAME_MESSAGES.invalid],
    ['담아봐 스튜디오!', PHOTOGRAPHER_NAME_MESSAGES.invalid],
    ['담아봐📸', PHOTOGRAPHER_NAME_MESSAGES.invalid],
  ])('rejects %j', (input, message) => {
    expect(validatePhotographerName(input)).toEqual({ ok: false, message });
  });
});

describe('instagramId', () => {
  it.each([
    ['Foo.Bar_1!', 'foo.bar_1'],
    ['@Dam_a.bwa', 'dam_a.bwa'],
    ['  ', null],
    ['', null],
    ['!!!', null],
    ['한글아이디', null],
    ['a'.repeat(30), 'a'.repeat(30)],
  ])('%j → %j', (input, value) => {
    expect(validateInstagramId(input)).toEqual({ ok: true, value });
  });

  it('is optional', () => {
    expect(validateInstagramId(null)).toEqual({ ok: true, value: null });
    expect(validateInstagramId(undefined)).toEqual({ ok: true, value: null });
  });

  it('refuses 31 characters on the server, and the input cuts them at 30 while typing', () => {
    expect(validateInstagramId('a'.repeat(31))).toEqual({ ok: false, message: INSTAGRAM_ID_MESSAGES.tooLong });
    expect(normaliseInstagramIdInput('a'.repeat(31))).toBe('a'.repeat(30));
    expect(normaliseInstagramIdInput('Foo.Bar_1!')).toBe('foo.bar_1');
    // Characters dropped by the filter do not count towards the 30.
    expect(validateInstagramId(`${'a'.repeat(30)}!!!`)).toEqual({ ok: true, value: 'a'.repeat(30) });
  });
});

describe('gender', () => {
  it.each(['MALE', 'FEMALE'])('accepts %s', (g) => {
    expect(validateGender(g)).toEqual({ ok: true, value: g });
  });
  it.each([undefined, null, '', 'male', 'OTHER', 1])('requires one of MALE/FEMALE, not %j', (g) => {
    expect(validateGender(g)).toEqual({ ok: false, message: GENDER_MESSAGES.required });
  });
});

describe('photographer profile', () => {
  it.each([
    [[], PROFILE_MESSAGES.typesEmpty],
    [['SNAP', 'PROFILE', 'CONCEPT', 'SELF'], PROFILE_MESSAGES.typesTooMany],
    [['SNAP', 'SNAP'], PROFILE_MESSAGES.typesDuplicate],
    [['WEDDING'], PROFILE_MESSAGES.typesInvalid],
  ])('types %j refused', (types, message) => {
    expect(validateMainPhotographyTypes(types)).toEqual({ ok: false, message });
  });

  it('orders accepted types by enum name', () => {
    expect(validateMainPhotographyTypes(['SNAP', 'CONCEPT', 'PROFILE'])).toEqual({
      ok: true,
      value: ['CONCEPT', 'PROFILE', 'SNAP'],
    });
  });

  it('takes 1–5 known, distinct regions', () => {
    const r = (name: string) => ({ category: '서울', name });
    expect(validatePhotographerRegions([])).toEqual({ ok: false, message: PROFILE_MESSAGES.regionsEmpty });
    expect(validatePhotographerRegions(['강남구', '서초구', '송파구', '강동구', '마포구'].map(r)).ok).toBe(true);
    expect(validatePhotographerRegions(['강남구', '서초구', '송파구', '강동구', '마포구', '중구'].map(r))).toEqual({
      ok: false,
      message: PROFILE_MESSAGES.regionsTooMany,
    });
    expect(validatePhotographerRegions([r('강남구'), r('강남구')])).toEqual({
      ok: false,
      message: PROFILE_MESSAGES.regionsDuplicate,
    });
    const unknown = validatePhotographerRegions([r('강남')]);
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.message).toContain('서울 강남');
  });

  it('needs a profile image', () => {
    expect(validateProfileImage(null)).toEqual({ ok: false, message: PROFILE_MESSAGES.imageRequired });
    expect(validateProfileImage(img(1))).toEqual({ ok: true, value: img(1) });
  });
});

describe('photographer page', () => {
  it('takes 1–10 portfolio images', () => {
    expect(validatePortfolio([])).toEqual({ ok: false, message: PAGE_MESSAGES.portfolioEmpty });
    expect(validatePortfolio(images(10)).ok).toBe(true);
    expect(validatePortfolio(images(11))).toEqual({ ok: false, message: PAGE_MESSAGES.portfolioTooMany });
    expect(PAGE_MESSAGES.portfolioTooMany).toBe('포트폴리오 이미지는 최대 10장까지 첨부할 수 있어요.');
  });

  it.each([
    ['안녕하세요', '안녕하세요'],
    ['  첫 줄\r\n둘째 줄  ', '첫 줄\n둘째 줄'],
    ['가'.repeat(500), '가'.repeat(500)],
    ['📸'.repeat(500), '📸'.repeat(500)],
  ])('description %#', (input, value) => {
    expect(validatePhotographerDescription(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', PAGE_MESSAGES.descriptionEmpty],
    [' \n ', PAGE_MESSAGES.descriptionEmpty],
    ['가'.repeat(501), PAGE_MESSAGES.descriptionTooLong],
    ['소개\u0007', PAGE_MESSAGES.descriptionInvalid],
  ])('description refused %#', (input, message) => {
    expect(validatePhotographerDescription(input)).toEqual({ ok: false, message });
  });

  it('takes an optional http(s) contact link', () => {
    expect(validateContactLink(null)).toEqual({ ok: true, value: null });
    expect(validateContactLink('  ')).toEqual({ ok: true, value: null });
    expect(validateContactLink('https://open.kakao.com/o/x')).toEqual({
      ok: true,
      value: 'https://open.kakao.com/o/x',
    });
    expect(validateContactLink('javascript:alert(1)')).toEqual({
      ok: false,
      message: PAGE_MESSAGES.contactLinkInvalid,
    });
  });
});

describe('sign-up survey and terms', () => {
  it('needs at least one known source', () => {
    expect(validateSignupSources([])).toEqual({ ok: false, message: SIGNUP_SOURCE_MESSAGES.empty });
    expect(validateSignupSources(['TV'])).toEqual({ ok: false, message: SIGNUP_SOURCE_MESSAGES.invalid });
    expect(validateSignupSources(['OTHER', 'INSTAGRAM', 'OTHER'])).toEqual({ ok: true, value: ['INSTAGRAM', 'OTHER'] });
  });

  it('shows 3 items to a USER and 4 to a PHOTOGRAPHER, all required', () => {
    expect(termsFor('USER').map((t) => t.id)).toEqual(['AGE_14', 'SERVICE', 'PRIVACY']);
    expect(termsFor('PHOTOGRAPHER').map((t) => t.id)).toEqual(['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER']);
    expect(termsFor('PHOTOGRAPHER').every((t) => t.required)).toBe(true);
  });

  it.each([
    ['USER', ['AGE_14', 'SERVICE', 'PRIVACY'], true],
    ['USER', ['AGE_14', 'SERVICE'], false],
    ['PHOTOGRAPHER', ['AGE_14', 'SERVICE', 'PRIVACY'], false],
    ['PHOTOGRAPHER', ['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER'], true],
    ['USER', [], false],
  ] as const)('%s agreeing %j → %s', (role, agreed, okay) => {
    const r = validateTerms(role, agreed);
    expect(r.ok).toBe(okay);
    if (!r.ok) expect(r.message).toBe(TERMS_MESSAGES.required);
  });

  it('ignores the photographer item for a USER', () => {
    expect(validateTerms('USER', ['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER'])).toEqual({
      ok: true,
      value: ['AGE_14', 'SERVICE', 'PRIVACY'],
    });
  });
});

describe('payload validators', () => {
  it('normalises a user registration', () => {
    expect(validateUserRegistration({ nickname: ' 담아봐', gender: 'FEMALE', instagramId: 'Foo.Bar_1!' })).toEqual({
      ok: true,
      value: { nickname: '담아봐', gender: 'FEMALE', instagramId: 'foo.bar_1' },
    });
    expect(validateUserRegistration({ nickname: '담아봐', gender: 'MALE', instagramId: '' })).toEqual({
      ok: true,
      value: { nickname: '담아봐', gender: 'MALE', instagramId: null },
    });
    expect(validateUserRegistration({ nickname: '담아봐', gender: 'MALE', extra: 1 })).toMatchObject({
      ok: true,
      value: { instagramId: null },
    });
  });

  it.each([
    [null, ''],
    [[], ''],
    ['text', ''],
    [{ gender: 'MALE' }, 'nickname'],
    [{ nickname: null, gender: 'MALE' }, 'nickname'],
    [{ nickname: 12, gender: 'MALE' }, 'nickname'],
    [{ nickname: '담아봐' }, 'gender'],
    [{ nickname: '담아봐', gender: 'OTHER' }, 'gender'],
    [{ nickname: '담아봐', gender: 'MALE', instagramId: 5 }, 'instagramId'],
    [{ nickname: '담\u0000아', gender: 'MALE' }, 'nickname'],
    [{ nickname: '담\uD800아', gender: 'MALE' }, 'nickname'],
  ])('a malformed registration %j is BAD_REQUEST on %j', (body, field) => {
    const r = validateUserRegistration(body);
    expect(r).toMatchObject({ ok: false, kind: 'BAD_REQUEST', field });
    if (!r.ok && r.kind === 'BAD_REQUEST') expect(r.message).toMatch(/[가-힣]/);
  });

  it('lists every broken rule of a well-typed registration', () => {
    expect(validateUserRegistration({ nickname: '가 나', gender: 'MALE', instagramId: 'a'.repeat(31) })).toEqual({
      ok: false,
      kind: 'VALIDATION',
      errors: [
        { field: 'nickname', message: USER_NICKNAME_MESSAGES.invalid },
        { field: 'instagramId', message: INSTAGRAM_ID_MESSAGES.tooLong },
      ],
    });
  });

  it('treats absent instagramId and profileImage of a profile update as null', () => {
    expect(validateUserProfileUpdate({ nickname: '담아봐' })).toEqual({
      ok: true,
      value: { nickname: '담아봐', instagramId: null, profileImage: null },
    });
    expect(validateUserProfileUpdate({ nickname: '담아봐', profileImage: { url: 42 } })).toMatchObject({
      ok: false,
      kind: 'BAD_REQUEST',
      field: 'profileImage',
    });
  });

  const photographer = {
    nickname: '  담아봐   스튜디오 ',
    gender: 'MALE',
    instagramId: null,
    profileImage: img(1),
    mainPhotographyTypes: ['SNAP', 'PROFILE'],
    activeRegions: [
      { category: '경기', name: '수원' },
      { category: '서울', name: '강남구' },
    ],
  };

  it('normalises a photographer registration', () => {
    expect(validatePhotographerRegistration(photographer)).toEqual({
      ok: true,
      value: {
        ...photographer,
        nickname: '담아봐 스튜디오',
        mainPhotographyTypes: ['PROFILE', 'SNAP'],
        activeRegions: [
          { category: '서울', name: '강남구' },
          { category: '경기', name: '수원' },
        ],
      },
    });
  });

  it('separates bad types from broken rules in a photographer registration', () => {
    expect(validatePhotographerRegistration({ ...photographer, profileImage: null })).toMatchObject({
      kind: 'BAD_REQUEST',
      field: 'profileImage',
    });
    expect(validatePhotographerRegistration({ ...photographer, mainPhotographyTypes: ['WEDDING'] })).toMatchObject({
      kind: 'BAD_REQUEST',
      field: 'mainPhotographyTypes',
    });
    expect(validatePhotographerRegistration({ ...photographer, activeRegions: [{ category: '서울' }] })).toMatchObject({
      kind: 'BAD_REQUEST',
      field: 'activeRegions',
    });
    expect(
      validatePhotographerRegistration({
        ...photographer,
        mainPhotographyTypes: [],
        activeRegions: [{ category: '서울', name: '강남' }],
      }),
    ).toMatchObject({
      kind: 'VALIDATION',
      errors: [
        { field: 'mainPhotographyTypes', message: PROFILE_MESSAGES.typesEmpty },
        { field: 'activeRegions', message: expect.stringContaining('서울 강남') },
      ],
    });
  });

  it('validates a photographer profile update', () => {
    const { gender: _g, instagramId: _i, ...profile } = photographer;
    expect(validatePhotographerProfileUpdate({ ...profile, profileImage: null })).toMatchObject({
      ok: true,
      value: { nickname: '담아봐 스튜디오', profileImage: null },
    });
    expect(validatePhotographerProfileUpdate({ ...profile, nickname: '가' })).toMatchObject({
      kind: 'VALIDATION',
      errors: [{ field: 'nickname', message: PHOTOGRAPHER_NAME_MESSAGES.invalid }],
    });
  });

  it('validates a photographer page', () => {
    const page = {
      portfolio: images(3),
      address: { sido: '서울', sigungu: '강남구', roadAddress: '서울 강남구 테헤란로 1', jibunAddress: '' },
      instagramId: 'Dam.Studio',
      contactLink: ' https://open.kakao.com/o/x ',
      description: ' 스냅 전문 스튜디오입니다.\n ',
    };
    expect(validatePhotographerPage(page)).toEqual({
      ok: true,
      value: {
        ...page,
        instagramId: 'dam.studio',
        contactLink: 'https://open.kakao.com/o/x',
        description: '스냅 전문 스튜디오입니다.',
      },
    });
    expect(validatePhotographerPage({ ...page, address: null, contactLink: null, instagramId: null })).toMatchObject({
      ok: true,
      value: { address: null, contactLink: null, instagramId: null },
    });
    expect(
      validatePhotographerPage({ ...page, portfolio: images(11), contactLink: 'data:text/html,x', description: '' }),
    ).toEqual({
      ok: false,
      kind: 'VALIDATION',
      errors: [
        { field: 'portfolio', message: PAGE_MESSAGES.portfolioTooMany },
        { field: 'contactLink', message: PAGE_MESSAGES.contactLinkInvalid },
        { field: 'description', message: PAGE_MESSAGES.descriptionEmpty },
      ],
    });
    expect(validatePhotographerPage({ ...page, address: '서울' })).toMatchObject({
      kind: 'BAD_REQUEST',
      field: 'address',
    });
    expect(validatePhotographerPage({ ...page, description: undefined })).toMatchObject({
      kind: 'BAD_REQUEST',
      field: 'description',
    });
  });
});
