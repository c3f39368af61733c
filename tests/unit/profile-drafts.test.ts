/**
 * Issue 44 item 6: the profile editors' drafts. A stored draft is untrusted: each field passes the
 * typing rule, and anything malformed keeps what the server loaded.
 */
import { describe, expect, it } from 'vitest';
import { pageEditorFields, photographerEditState, userEditState } from '#lib/member-forms';
import {
  decodeRegions,
  decodeTypes,
  photographerDraft,
  profileDraftKey,
  userDraft,
  withPageDraft,
  withPhotographerDraft,
  withUserDraft,
} from '#lib/profile-drafts';
import type { PhotographerResponse } from '#lib/contract';

const picture = { name: 'a.webp', url: 'https://media.example/a.webp' };
const user = userEditState({ nickname: '가나다', instagramId: 'orig', profileImage: picture });

const photographer = {
  nickname: '사진관',
  profileImage: null,
  mainPhotographyTypes: ['SNAP'],
  activeRegions: [{ category: '서울', name: '강남구' }],
  address: { sido: '', sigungu: '', roadAddress: '', jibunAddress: '' },
  instagramId: null,
  contactLink: null,
  description: '소개',
  portfolio: [picture],
} as unknown as PhotographerResponse;

describe('profile drafts', () => {
  it('are kept per editor and member', () => {
    expect(profileDraftKey('user', 1)).not.toBe(profileDraftKey('user', 2));
    expect(profileDraftKey('user', 1)).not.toBe(profileDraftKey('page', 1));
  });

  it('round-trip what was typed', () => {
    const typed = { ...user, instagramId: 'typed_id', profileImage: null };
    const back = withUserDraft(user, JSON.parse(JSON.stringify(userDraft(typed))));
    expect(back?.instagramId).toBe('typed_id');
    expect(back?.profileImage).toBeNull();
    const p = photographerEditState(photographer);
    const pTyped = { ...p, photographyTypes: ['PROFILE' as const, 'SELF' as const] };
    expect(withPhotographerDraft(p, photographerDraft(pTyped))?.photographyTypes).toEqual(['PROFILE', 'SELF']);
  });

  it('a changed name needs its check again', () => {
    const back = withUserDraft(user, { nickname: '새이름' });
    expect(back?.nickname).toEqual({ value: '새이름', check: 'unchecked', checked: null });
    expect(back?.instagramId).toBe('orig');
  });

  it('pass every field through the typing rule and keep the loaded value for malformed ones', () => {
    expect(withUserDraft(user, null)).toBeNull();
    expect(withUserDraft(user, 'text')).toBeNull();
    expect(withUserDraft(user, [1])).toBeNull();
    const odd = withUserDraft(user, { nickname: 5, instagramId: 'UPPER Case!!', profileImage: { name: 1 } });
    expect(odd?.nickname).toBe(user.nickname);
    expect(odd?.instagramId).toBe('uppercase');
    expect(odd?.profileImage).toEqual(picture);
    const stripped = withUserDraft(user, { profileImage: { ...picture, extra: '<script>' } });
    expect(stripped?.profileImage).toEqual(picture);
  });

  it('drop unknown types and regions and respect the limits', () => {
    expect(decodeTypes(['SNAP', 'NOPE', 3, 'SELF'], 5)).toEqual(['SNAP', 'SELF']);
    expect(decodeTypes(['SNAP', 'SELF', 'PROFILE'], 2)).toEqual(['SNAP', 'SELF']);
    expect(decodeTypes('SNAP', 5)).toBeNull();
    expect(
      decodeRegions([{ category: '서울', name: '강남구' }, { category: '서울', name: '없는구' }, null], 5),
    ).toEqual([{ category: '서울', name: '강남구' }]);
    expect(decodeRegions({}, 5)).toBeNull();
  });

  it('restore the page editor with its portfolio, cleaning pictures and the intro', () => {
    const fields = pageEditorFields(photographer);
    const long = '가'.repeat(5_000);
    const back = withPageDraft(fields, [picture], {
      address: { sido: '서울', sigungu: '강남구', roadAddress: '테헤란로 1', jibunAddress: '역삼동 1' },
      contactLink: 'https://a.example\nmore',
      description: long,
      portfolio: [picture, { name: 'x' }, { ...picture, name: 'b.webp' }],
    });
    expect(back?.fields.address?.sido).toBe('서울');
    expect(back?.fields.contactLink).toBe('https://a.examplemore');
    expect(back?.fields.description.length).toBeLessThan(long.length);
    expect(back?.portfolio).toEqual([picture, { ...picture, name: 'b.webp' }]);
    const kept = withPageDraft(fields, [picture], { address: { sido: 1 }, portfolio: 'x' });
    expect(kept?.fields.address).toBe(fields.address);
    expect(kept?.portfolio).toEqual([picture]);
  });
});
