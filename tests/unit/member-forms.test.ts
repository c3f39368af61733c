/**
 * The member editors' enabling rules (spec §5 User profile edit, Photographer profile edit,
 * Photographer detail page) and their requests, as pure functions.
 */
import { describe, expect, it } from 'vitest';
import type { Image } from '#lib/domain';
import type { PhotographerResponse, UserResponse } from '#lib/contract';
import {
  DESCRIPTION_INPUT_MAX,
  canCheckName,
  canSavePhotographerPage,
  canSavePhotographerProfile,
  canSaveUserProfile,
  introInput,
  isNameAvailable,
  pageEditorFields,
  photographerEditState,
  photographerPageRequest,
  photographerProfileRequest,
  toggleIn,
  userEditChanges,
  userEditState,
  userProfileRequest,
  withNameInput,
  withNameResult,
  withUserInstagram,
  type UserEditState,
} from '#lib/member-forms';

const img = (n: number): Image => ({ name: `p${n}.jpg`, url: `/media/aa/${String(n).padStart(64, 'a')}.webp` });

const me: Pick<UserResponse, 'nickname' | 'instagramId' | 'profileImage'> = {
  nickname: '담아봐',
  instagramId: 'dama.bwa',
  profileImage: img(1),
};

function checked(state: UserEditState, nickname: string, exists: boolean): UserEditState {
  const typed = { ...state, nickname: withNameInput(state.nickname, nickname) };
  return { ...typed, nickname: withNameResult('USER', typed.nickname, nickname.trim(), exists) };
}

describe('edit user: the button is enabled only when the picture, the nickname (available) or instagramId changed', () => {
  const start = userEditState(me);

  it('is disabled with nothing changed', () => {
    expect(userEditChanges(start)).toEqual({ picture: false, nickname: false, instagramId: false });
    expect(canSaveUserProfile(start)).toBe(false);
    expect(userProfileRequest(start)).toBeNull();
  });

  it('a new picture enables it; deleting the picture enables it too', () => {
    expect(canSaveUserProfile({ ...start, profileImage: img(2) })).toBe(true);
    expect(userProfileRequest({ ...start, profileImage: null })).toEqual({
      nickname: '담아봐',
      instagramId: 'dama.bwa',
      profileImage: null,
    });
  });

  it('a picture still uploading keeps it disabled', () => {
    expect(canSaveUserProfile({ ...start, profileImage: img(2) }, true)).toBe(false);
  });

  it('a changed instagramId enables it, normalised as typed', () => {
    const s = withUserInstagram(start, 'New.ID!한글');
    expect(s.instagramId).toBe('new.id');
    expect(canSaveUserProfile(s)).toBe(true);
    expect(userProfileRequest(s)?.instagramId).toBe('new.id');
    expect(userProfileRequest(withUserInstagram(start, ''))?.instagramId).toBeNull();
  });

  it('instagramId input beyond 30 characters is ignored', () => {
    expect(withUserInstagram(start, 'a'.repeat(40)).instagramId).toHaveLength(30);
  });

  it('a changed nickname needs the check to say available', () => {
    const typed = { ...start, nickname: withNameInput(start.nickname, '새닉네임') };
    expect(canSaveUserProfile(typed)).toBe(false);
    expect(canSaveUserProfile(checked(start, '새닉네임', true))).toBe(false);
    const ok = checked(start, '새닉네임', false);
    expect(isNameAvailable('USER', ok.nickname)).toBe(true);
    expect(canSaveUserProfile(ok)).toBe(true);
    expect(userProfileRequest(ok)?.nickname).toBe('새닉네임');
  });

  it('an unchecked nickname change blocks the button even when the picture changed too', () => {
    const s = { ...start, profileImage: img(3), nickname: withNameInput(start.nickname, '다른이름') };
    expect(canSaveUserProfile(s)).toBe(false);
  });

  it('typing the nickname back to the saved one needs no check', () => {
    const s = { ...start, instagramId: 'x', nickname: withNameInput(withNameInput(start.nickname, '다른'), '담아봐') };
    expect(canSaveUserProfile(s)).toBe(true);
  });

  it('editing the nickname after the check resets it', () => {
    const ok = checked(start, '새닉네임', false);
    const edited = { ...ok, nickname: withNameInput(ok.nickname, '새닉네임2') };
    expect(edited.nickname.check).toBe('unchecked');
    expect(canSaveUserProfile(edited)).toBe(false);
  });

  it('the check button: only for a valid, changed, not yet answered name', () => {
    expect(canCheckName('USER', start.nickname, '담아봐')).toBe(false);
    expect(canCheckName('USER', withNameInput(start.nickname, '가'), '담아봐')).toBe(false);
    expect(canCheckName('USER', withNameInput(start.nickname, '가 나'), '담아봐')).toBe(false);
    expect(canCheckName('USER', withNameInput(start.nickname, '새이름'), '담아봐')).toBe(true);
    expect(canCheckName('USER', checked(start, '새이름', false).nickname, '담아봐')).toBe(false);
  });

  it('leading spaces are stripped and runs collapsed while typing', () => {
    expect(withNameInput(start.nickname, '  새  이름').value).toBe('새 이름');
  });
});

const photographer: PhotographerResponse = {
  id: 7,
  type: 'PHOTOGRAPHER',
  roles: ['PHOTOGRAPHER', 'USER'],
  loginType: 'KAKAO',
  nickname: '스튜디오 담아',
  profileImage: img(1),
  gender: 'FEMALE',
  instagramId: null,
  mainPhotographyTypes: ['SNAP'],
  contactLink: null,
  description: '',
  address: { sido: '', sigungu: '', roadAddress: '', jibunAddress: '' },
  portfolio: [],
  activeRegions: [{ category: '서울', name: '강남구' }],
  rating: { average: 0, count: 0 },
  completedShoots: 0,
};

describe('edit photographer: no pending duplicate, 1–3 types, 1–5 regions', () => {
  const start = photographerEditState(photographer);

  it('the saved profile can be sent as it is', () => {
    expect(canSavePhotographerProfile(start)).toBe(true);
    expect(photographerProfileRequest(start)).toEqual({
      nickname: '스튜디오 담아',
      profileImage: img(1),
      mainPhotographyTypes: ['SNAP'],
      activeRegions: [{ category: '서울', name: '강남구' }],
    });
  });

  it('a duplicate result for the name in the field blocks it', () => {
    const typed = withNameInput(start.nickname, '다른 스튜디오');
    const dup = withNameResult('PHOTOGRAPHER', typed, '다른 스튜디오', true);
    expect(canSavePhotographerProfile({ ...start, nickname: dup })).toBe(false);
    const ok = withNameResult('PHOTOGRAPHER', typed, '다른 스튜디오', false);
    expect(canSavePhotographerProfile({ ...start, nickname: ok })).toBe(true);
  });

  it('a changed name waits for its duplicate check, as the hint under the field says', () => {
    const typed = withNameInput(start.nickname, '다른 스튜디오');
    expect(canSavePhotographerProfile({ ...start, nickname: typed })).toBe(false);
    // Back to the saved name: nothing to check.
    expect(canSavePhotographerProfile({ ...start, nickname: withNameInput(typed, start.original.nickname) })).toBe(
      true,
    );
  });

  it('an invalid name blocks it; trailing spaces are trimmed in the request', () => {
    expect(canSavePhotographerProfile({ ...start, nickname: withNameInput(start.nickname, '가') })).toBe(false);
    const typed = withNameInput(start.nickname, '담아 스튜디오 ');
    const s = { ...start, nickname: withNameResult('PHOTOGRAPHER', typed, '담아 스튜디오', false) };
    expect(photographerProfileRequest(s)?.nickname).toBe('담아 스튜디오');
  });

  it('needs at least one type and one region', () => {
    expect(canSavePhotographerProfile({ ...start, photographyTypes: [] })).toBe(false);
    expect(canSavePhotographerProfile({ ...start, regions: [] })).toBe(false);
  });

  it('a fourth type and a sixth region are ignored by the toggles', () => {
    expect(toggleIn(['SNAP', 'PROFILE', 'CONCEPT'], 'SELF', 3)).toEqual(['SNAP', 'PROFILE', 'CONCEPT']);
    const five = ['강남구', '서초구', '마포구', '용산구', '중구'];
    expect(toggleIn(five, '종로구', 5)).toEqual(five);
    expect(toggleIn(five, '중구', 5)).toHaveLength(4);
  });

  it('nothing is sent while the picture uploads', () => {
    expect(canSavePhotographerProfile(start, true)).toBe(false);
  });
});

describe('photographer page editor: 1–10 portfolio images, a non-empty intro of at most 500', () => {
  const fields = { ...pageEditorFields(photographer), description: '안녕하세요. 스냅 전문 작가입니다.' };

  it('needs at least one portfolio image', () => {
    expect(canSavePhotographerPage(fields, [])).toBe(false);
    expect(canSavePhotographerPage(fields, [img(1)])).toBe(true);
  });

  it('at most ten', () => {
    const ten = Array.from({ length: 10 }, (_, i) => img(i + 1));
    expect(canSavePhotographerPage(fields, ten)).toBe(true);
    expect(canSavePhotographerPage(fields, [...ten, img(11)])).toBe(false);
  });

  it('needs a non-empty intro of at most 500 characters', () => {
    expect(canSavePhotographerPage({ ...fields, description: '   ' }, [img(1)])).toBe(false);
    expect(canSavePhotographerPage({ ...fields, description: '가'.repeat(500) }, [img(1)])).toBe(true);
    expect(canSavePhotographerPage({ ...fields, description: '가'.repeat(501) }, [img(1)])).toBe(false);
  });

  it('the intro field takes at most 1000 characters', () => {
    expect(introInput('가'.repeat(1200))).toHaveLength(DESCRIPTION_INPUT_MAX);
  });

  it('the representative link is optional but must be http(s)', () => {
    expect(canSavePhotographerPage({ ...fields, contactLink: 'javascript:alert(1)' }, [img(1)])).toBe(false);
    expect(
      photographerPageRequest({ ...fields, contactLink: ' https://pf.kakao.com/_x ' }, [img(1)])?.contactLink,
    ).toBe('https://pf.kakao.com/_x');
    expect(photographerPageRequest(fields, [img(1)])?.contactLink).toBeNull();
  });

  it('sends the address, instagramId and trimmed intro', () => {
    const address = {
      sido: '서울',
      sigungu: '강남구',
      roadAddress: '서울 강남구 테헤란로 152',
      jibunAddress: '서울 강남구 역삼동 737',
    };
    expect(
      photographerPageRequest({ ...fields, address, instagramId: 'studio', description: ' 소개 \n' }, [img(2), img(1)]),
    ).toEqual({ portfolio: [img(2), img(1)], address, instagramId: 'studio', contactLink: null, description: '소개' });
  });

  it('nothing is sent while a portfolio image is unfinished', () => {
    expect(canSavePhotographerPage(fields, [img(1)], true)).toBe(false);
  });
});

describe('photographer page editor: the address', () => {
  it('reads the API’s four empty strings as no address', () => {
    expect(pageEditorFields(photographer).address).toBeNull();
  });

  it('keeps a real address', () => {
    const address = { sido: '서울', sigungu: '마포구', roadAddress: '서울 마포구 양화로 1', jibunAddress: '' };
    expect(pageEditorFields({ ...photographer, address }).address).toEqual(address);
  });
});
