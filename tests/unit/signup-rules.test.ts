import { describe, expect, it } from 'vitest';
import { CURRENT_CONSENT_VERSIONS, type ConsentKind } from '#lib/consents';
import type { Image, PhotographyType, Region } from '#lib/domain';
import { PROFILE_PICKS, withRegionPicked, withTypePicked } from '#lib/member-forms';
import {
  INITIAL_SIGNUP_STATE,
  allTermsAgreed,
  canCheckNickname,
  canLeaveBasicInfo,
  canLeaveProfile,
  canLeaveRole,
  canLeaveStep,
  canLeaveSurvey,
  canSubmitTerms,
  decodeSignupState,
  isNicknameConfirmed,
  registrationRequest,
  signupSteps,
  withAllTerms,
  withInstagramId,
  withNextStep,
  withNickname,
  withNicknameResult,
  withPreviousStep,
  withRole,
  withSourceToggled,
  withStepFromHistory,
  withTerm,
  type SignupState,
} from '#lib/signup';

const withTypeToggled = (s: SignupState, type: PhotographyType) => withTypePicked(s, type, PROFILE_PICKS);
const withRegionToggled = (s: SignupState, region: Region) => withRegionPicked(s, region, PROFILE_PICKS);

const image: Image = { name: 'me.png', url: '/media/abc.webp' };
const r = (category: string, name: string): Region => ({ category, name });

function state(patch: Partial<SignupState> = {}): SignupState {
  return { ...INITIAL_SIGNUP_STATE, ...patch };
}

/** A USER whose nickname was checked available. */
function checkedUser(nickname = '담아봐'): SignupState {
  return withNicknameResult(withNickname(withRole(state(), 'USER'), nickname), nickname, false);
}

describe('step 1: role', () => {
  it('Next is enabled once a role is chosen', () => {
    expect(canLeaveRole(state())).toBe(false);
    expect(canLeaveRole(withRole(state(), 'USER'))).toBe(true);
    expect(canLeaveRole(withRole(state(), 'PHOTOGRAPHER'))).toBe(true);
  });

  it('the steps: profile only for a PHOTOGRAPHER; the survey is its own step for both', () => {
    expect(signupSteps('USER')).toEqual(['role', 'basic', 'survey', 'terms']);
    expect(signupSteps('PHOTOGRAPHER')).toEqual(['role', 'basic', 'profile', 'survey', 'terms']);
  });
});

describe('step 2: basic info and the nickname check', () => {
  it.each([
    ['', false],
    [' 가 나', false], // leading space stripped, then rejected for the inner space
    ['가', false],
    ['가나', true],
    ['ab12', true],
    ['ㄱㄴㄷ', true],
    ['일이삼사오육칠', true],
    ['일이삼사오육칠팔', false],
    ['담아봐!', false],
  ])('user nickname %j: duplicate check enabled = %s', (nickname, enabled) => {
    expect(canCheckNickname(withNickname(withRole(state(), 'USER'), nickname))).toBe(enabled);
  });

  it.each([
    ['스튜디오 담아', true],
    ['  스튜디오   담아  ', true],
    ['a', false],
    ['가'.repeat(18), true],
    ['가'.repeat(19), false],
    ['studio_dama', false],
  ])('photographer name %j: duplicate check enabled = %s', (nickname, enabled) => {
    expect(canCheckNickname(withNickname(withRole(state(), 'PHOTOGRAPHER'), nickname))).toBe(enabled);
  });

  it('the name is normalised as typed: leading spaces stripped, runs collapsed', () => {
    expect(withNickname(state(), '   스튜디오    담아').nickname).toBe('스튜디오 담아');
  });

  it('Next needs the check to say available and a gender', () => {
    const checked = checkedUser();
    expect(isNicknameConfirmed(checked)).toBe(true);
    expect(canLeaveBasicInfo(checked)).toBe(false); // no gender yet
    expect(canLeaveBasicInfo({ ...checked, gender: 'FEMALE' })).toBe(true);
    expect(canLeaveBasicInfo({ ...checked, gender: 'MALE' })).toBe(true);
  });

  it('a valid but unchecked nickname keeps Next disabled', () => {
    const s = { ...withNickname(withRole(state(), 'USER'), '담아봐'), gender: 'MALE' as const };
    expect(s.nicknameCheck).toBe('unchecked');
    expect(canLeaveBasicInfo(s)).toBe(false);
  });

  it('a duplicate keeps Next disabled and the check button off until the name changes', () => {
    const s = {
      ...withNicknameResult(withNickname(withRole(state(), 'USER'), '담아봐'), '담아봐', true),
      gender: 'MALE' as const,
    };
    expect(s.nicknameCheck).toBe('duplicate');
    expect(canLeaveBasicInfo(s)).toBe(false);
    expect(canCheckNickname(s)).toBe(false);
    expect(canCheckNickname(withNickname(s, '담아봐2'))).toBe(true);
  });

  it('changing the nickname resets the check result', () => {
    const checked = { ...checkedUser('담아봐'), gender: 'MALE' as const };
    const changed = withNickname(checked, '담아봐요');
    expect(changed.nicknameCheck).toBe('unchecked');
    expect(changed.checkedNickname).toBeNull();
    expect(canLeaveBasicInfo(changed)).toBe(false);
    // Changing it back still needs a new check.
    expect(canLeaveBasicInfo(withNickname(changed, '담아봐'))).toBe(false);
    expect(canCheckNickname(changed)).toBe(true);
  });

  it('typing the same value again keeps the result', () => {
    const checked = checkedUser('담아봐');
    expect(withNickname(checked, '담아봐')).toBe(checked);
  });

  it('an answer for a name no longer in the field is ignored', () => {
    const s = withNickname(withRole(state(), 'USER'), '담아봐요');
    expect(withNicknameResult(s, '담아봐', false)).toBe(s);
  });

  it('changing the role resets the check (other rule, other endpoint)', () => {
    const checked = checkedUser('담아봐');
    const switched = withRole(checked, 'PHOTOGRAPHER');
    expect(switched.nicknameCheck).toBe('unchecked');
    expect(switched.nickname).toBe('담아봐');
    expect(withRole(checked, 'USER')).toBe(checked);
  });

  it('after an available answer the check button is off for that same name', () => {
    expect(canCheckNickname(checkedUser('담아봐'))).toBe(false);
    expect(canCheckNickname({ ...checkedUser('담아봐'), nicknameCheck: 'checking' })).toBe(false);
  });

  it('instagramId is normalised as typed and optional', () => {
    expect(withInstagramId(state(), 'Foo.Bar_1!').instagramId).toBe('foo.bar_1');
    expect(withInstagramId(state(), 'a'.repeat(40)).instagramId).toHaveLength(30);
    expect(canLeaveBasicInfo({ ...checkedUser(), gender: 'MALE', instagramId: '' })).toBe(true);
    expect(canLeaveBasicInfo({ ...checkedUser(), gender: 'MALE', instagramId: 'dama.bwa' })).toBe(true);
  });
});

describe('step 3: photographer profile', () => {
  const ready = (patch: Partial<SignupState> = {}) =>
    state({
      role: 'PHOTOGRAPHER',
      profileImage: image,
      photographyTypes: ['SNAP'],
      regions: [r('서울', '강남구')],
      ...patch,
    });

  it('needs a profile image, 1–3 types and 1–5 regions', () => {
    expect(canLeaveProfile(ready())).toBe(true);
    expect(canLeaveProfile(ready({ profileImage: null }))).toBe(false);
    expect(canLeaveProfile(ready({ photographyTypes: [] }))).toBe(false);
    expect(canLeaveProfile(ready({ regions: [] }))).toBe(false);
    expect(canLeaveProfile(ready({ photographyTypes: ['SNAP', 'PROFILE', 'CONCEPT'] }))).toBe(true);
    expect(canLeaveProfile(ready({ photographyTypes: ['SNAP', 'PROFILE', 'CONCEPT', 'SELF'] }))).toBe(false);
    const five = [
      r('서울', '강남구'),
      r('서울', '마포구'),
      r('경기', '수원'),
      r('부산', '해운대구'),
      r('제주', '제주시'),
    ];
    expect(canLeaveProfile(ready({ regions: five }))).toBe(true);
    expect(canLeaveProfile(ready({ regions: [...five, r('서울', '종로구')] }))).toBe(false);
    expect(canLeaveProfile(ready({ regions: [r('서울', '없는구')] }))).toBe(false);
  });

  it('a fourth type and a sixth region are not added', () => {
    let s = state({ role: 'PHOTOGRAPHER' });
    for (const t of ['SNAP', 'PROFILE', 'CONCEPT', 'SELF'] as const) s = withTypeToggled(s, t);
    expect(s.photographyTypes).toEqual(['SNAP', 'PROFILE', 'CONCEPT']);
    s = withTypeToggled(s, 'PROFILE');
    expect(s.photographyTypes).toEqual(['SNAP', 'CONCEPT']);
    for (const name of ['종로구', '중구', '용산구', '성동구', '광진구', '마포구'])
      s = withRegionToggled(s, r('서울', name));
    expect(s.regions.map((x) => x.name)).toEqual(['종로구', '중구', '용산구', '성동구', '광진구']);
    s = withRegionToggled(s, r('서울', '중구'));
    expect(s.regions.map((x) => x.name)).toEqual(['종로구', '용산구', '성동구', '광진구']);
  });
});

describe('step 4: survey', () => {
  it('needs at least one answer; several are fine', () => {
    expect(canLeaveSurvey(state())).toBe(false);
    const one = withSourceToggled(state(), 'INSTAGRAM');
    expect(canLeaveSurvey(one)).toBe(true);
    const two = withSourceToggled(one, 'OTHER');
    expect(two.signupSources).toEqual(['INSTAGRAM', 'OTHER']);
    expect(canLeaveSurvey(withSourceToggled(withSourceToggled(two, 'INSTAGRAM'), 'OTHER'))).toBe(false);
  });
});

describe('step 5: terms', () => {
  it('a USER needs the three common items; the partner item is not theirs', () => {
    let s = withRole(state(), 'USER');
    expect(canSubmitTerms(s)).toBe(false);
    s = withTerm(withTerm(s, 'AGE_14', true), 'SERVICE', true);
    expect(canSubmitTerms(s)).toBe(false);
    s = withTerm(s, 'PRIVACY', true);
    expect(canSubmitTerms(s)).toBe(true);
    expect(allTermsAgreed(s)).toBe(true);
    expect(withAllTerms(withRole(state(), 'USER'), true).agreedTerms).not.toContain('PHOTOGRAPHER_PARTNER');
  });

  it('a PHOTOGRAPHER also needs the partner agreement', () => {
    let s = withRole(state(), 'PHOTOGRAPHER');
    for (const id of ['AGE_14', 'SERVICE', 'PRIVACY'] as const) s = withTerm(s, id, true);
    expect(canSubmitTerms(s)).toBe(false);
    expect(allTermsAgreed(s)).toBe(false);
    s = withTerm(s, 'PHOTOGRAPHER_PARTNER', true);
    expect(canSubmitTerms(s)).toBe(true);
  });

  it("'agree to all' sets every item and resets when any item is unchecked", () => {
    const all = withAllTerms(withRole(state(), 'PHOTOGRAPHER'), true);
    expect(all.agreedTerms).toHaveLength(4);
    expect(allTermsAgreed(all)).toBe(true);
    const oneOff = withTerm(all, 'SERVICE', false);
    expect(allTermsAgreed(oneOff)).toBe(false);
    expect(canSubmitTerms(oneOff)).toBe(false);
    expect(withAllTerms(all, false).agreedTerms).toEqual([]);
  });

  it('switching to USER drops the partner item', () => {
    const all = withAllTerms(withRole(state(), 'PHOTOGRAPHER'), true);
    expect(withRole(all, 'USER').agreedTerms).toEqual(['AGE_14', 'SERVICE', 'PRIVACY']);
  });
});

describe('moving between steps', () => {
  it('Next does nothing while the step rule fails; Back keeps values', () => {
    const s0 = state();
    expect(withNextStep(s0)).toBe(s0);
    const s1 = withNextStep(withRole(s0, 'USER'));
    expect(s1.step).toBe('basic');
    const filled = { ...withNickname(s1, '담아봐'), gender: 'FEMALE' as const, instagramId: 'dama' };
    expect(withNextStep(filled)).toBe(filled);
    const s2 = withNextStep(withNicknameResult(filled, '담아봐', false));
    expect(s2.step).toBe('survey'); // a USER skips the profile step
    const back = withPreviousStep(s2);
    expect(back.step).toBe('basic');
    expect(back).toMatchObject({
      nickname: '담아봐',
      gender: 'FEMALE',
      instagramId: 'dama',
      nicknameCheck: 'available',
    });
    expect(withPreviousStep(withPreviousStep(back)).step).toBe('role');
  });

  it('a PHOTOGRAPHER goes through the profile step', () => {
    const s = {
      ...withNicknameResult(withNickname(withRole(state(), 'PHOTOGRAPHER'), '스튜디오 담아'), '스튜디오 담아', false),
      gender: 'MALE' as const,
      step: 'basic' as const,
    };
    expect(withNextStep(s).step).toBe('profile');
    expect(canLeaveStep(s, 'profile')).toBe(false);
  });
});

describe('registration body', () => {
  it('USER: nickname, gender, instagramId null when empty, signupSources', () => {
    let s: SignupState = { ...checkedUser('담아봐'), gender: 'MALE' };
    s = withAllTerms(withSourceToggled(withSourceToggled(s, 'OTHER'), 'ACQUAINTANCE'), true);
    expect(registrationRequest(s)).toEqual({
      role: 'USER',
      body: {
        nickname: '담아봐',
        gender: 'MALE',
        instagramId: null,
        signupSources: ['ACQUAINTANCE', 'OTHER'],
        consents: ['AGE_14', 'SERVICE', 'PRIVACY'].map((kind) => ({
          kind,
          version: CURRENT_CONSENT_VERSIONS[kind as ConsentKind],
        })),
      },
    });
    expect(registrationRequest(withTerm(s, 'AGE_14', false))).toBeNull();
  });

  it('PHOTOGRAPHER: the trimmed name plus image, types and regions', () => {
    let s = withRole(state(), 'PHOTOGRAPHER');
    s = withNicknameResult(withNickname(s, '스튜디오 담아 '), '스튜디오 담아', false);
    s = { ...s, gender: 'FEMALE', instagramId: 'studio.dama', profileImage: image };
    s = withRegionToggled(withTypeToggled(withTypeToggled(s, 'SNAP'), 'PROFILE'), r('서울', '마포구'));
    s = withAllTerms(withSourceToggled(s, 'SHOOTING_EVENT'), true);
    expect(registrationRequest(s)).toEqual({
      role: 'PHOTOGRAPHER',
      body: {
        nickname: '스튜디오 담아',
        gender: 'FEMALE',
        instagramId: 'studio.dama',
        profileImage: image,
        mainPhotographyTypes: ['PROFILE', 'SNAP'],
        activeRegions: [r('서울', '마포구')],
        signupSources: ['SHOOTING_EVENT'],
        consents: ['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER'].map((kind) => ({
          kind,
          version: CURRENT_CONSENT_VERSIONS[kind as ConsentKind],
        })),
      },
    });
  });
});

describe('restoring the stored wizard', () => {
  it('falls back to the start for anything malformed', () => {
    expect(decodeSignupState(null)).toEqual(INITIAL_SIGNUP_STATE);
    expect(decodeSignupState('x')).toEqual(INITIAL_SIGNUP_STATE);
    expect(decodeSignupState({ step: 'nope', role: 'ADMIN', gender: 'X', agreedTerms: [1] })).toEqual(
      INITIAL_SIGNUP_STATE,
    );
  });

  it('keeps progress, turns an interrupted check back to unchecked', () => {
    const stored = JSON.parse(JSON.stringify({ ...checkedUser('담아봐'), gender: 'MALE', step: 'survey' })) as unknown;
    expect(decodeSignupState(stored)).toMatchObject({ step: 'survey', nickname: '담아봐', nicknameCheck: 'available' });
    const interrupted = decodeSignupState({ ...checkedUser('담아봐'), nicknameCheck: 'checking', step: 'basic' });
    expect(interrupted.nicknameCheck).toBe('unchecked');
    expect(interrupted.step).toBe('basic');
  });

  it('walks back to the first step whose rule no longer holds', () => {
    expect(decodeSignupState({ ...checkedUser('담아봐'), step: 'terms' }).step).toBe('basic'); // no gender
    expect(decodeSignupState({ step: 'terms' }).step).toBe('role');
  });
});

describe('steps reached through the browser history', () => {
  it('back to an earlier step keeps every answer', () => {
    const atSurvey = { ...checkedUser(), gender: 'FEMALE' as const, step: 'survey' as const };
    const back = withStepFromHistory(atSurvey, 'basic');
    expect(back).toEqual({ ...atSurvey, step: 'basic' });
  });

  it('forward only while the steps before still hold, and only to a step of the role', () => {
    const atRole = { ...checkedUser(), gender: 'FEMALE' as const, step: 'role' as const };
    expect(withStepFromHistory(atRole, 'basic').step).toBe('basic');
    expect(withStepFromHistory(atRole, 'profile').step).toBe('role');
    const emptied = withNickname(atRole, '');
    expect(withStepFromHistory(emptied, 'survey').step).toBe('role');
  });
});
