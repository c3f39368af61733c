/** Picture lists, member page access and the postcode answer (pure parts of the member pages). */
import { describe, expect, it } from 'vitest';
import {
  doneSlot,
  hasUnfinished,
  isUploading,
  moveItem,
  slotImages,
  takeWithinLimit,
  type ImageSlot,
} from '#lib/image-list';
import { memberPageAccess } from '#lib/member-access';
import { thumbnailUrlFor } from '#lib/media-urls';
import { addressFromPostcode, addressLine } from '#client/postcode';

const slot = (key: string, phase: ImageSlot['phase']): ImageSlot => ({
  key,
  phase,
  progress: 0,
  image: phase === 'done' ? { name: key, url: `/media/${key}.webp` } : null,
  error: null,
  fileName: key,
});

describe('picture lists: limit, order, state', () => {
  it('takes what fits under 10 and flags the 11th for the limit modal', () => {
    expect(takeWithinLimit(9, ['a'], 10)).toEqual({ taken: ['a'], overflow: false });
    expect(takeWithinLimit(10, ['a'], 10)).toEqual({ taken: [], overflow: true });
    expect(takeWithinLimit(8, ['a', 'b', 'c'], 10)).toEqual({ taken: ['a', 'b'], overflow: true });
  });

  it('moves an item earlier or later; the ends stay put', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('only stored pictures are sent, in order; running or failed ones hold the form', () => {
    const slots = [slot('a', 'done'), slot('b', 'uploading'), slot('c', 'error'), slot('d', 'done')];
    expect(slotImages(slots).map((i) => i.name)).toEqual(['a', 'd']);
    expect(isUploading(slots)).toBe(true);
    expect(hasUnfinished([slot('a', 'done'), slot('c', 'error')])).toBe(true);
    expect(hasUnfinished([doneSlot('x', { name: 'x', url: '/x' })])).toBe(false);
  });

  it('finds the list thumbnail of an issued image and leaves other URLs alone', () => {
    const hash = 'ab'.padEnd(64, 'c');
    expect(thumbnailUrlFor(`/media/ab/${hash}.webp`)).toBe(`/media/ab/${hash}_480.webp`);
    expect(thumbnailUrlFor('/demo/photo.jpg')).toBe('/demo/photo.jpg');
  });
});

describe('who may open a member page', () => {
  const user = { type: 'USER' as const, roles: ['USER'] };
  const photographer = { type: 'PHOTOGRAPHER' as const, roles: ['PHOTOGRAPHER', 'USER'] };
  const admin = { type: 'USER' as const, roles: ['ADMIN', 'USER'] };
  const unregistered = { type: 'UNDEFINED' as const, roles: ['USER'] };

  it('an unregistered member goes to sign-up', () => {
    expect(memberPageAccess(unregistered, 'member')).toEqual({ kind: 'signup' });
  });

  it('my page and the saved lists are for every member', () => {
    for (const m of [user, photographer, admin]) expect(memberPageAccess(m, 'member').kind).toBe('ok');
  });

  it('the user editor is not for photographers', () => {
    expect(memberPageAccess(user, 'user').kind).toBe('ok');
    expect(memberPageAccess(admin, 'user').kind).toBe('ok');
    expect(memberPageAccess(photographer, 'user')).toMatchObject({ kind: 'denied', redirectTo: '/mypage' });
  });

  it('the photographer editors are for photographers only', () => {
    expect(memberPageAccess(photographer, 'photographer').kind).toBe('ok');
    expect(memberPageAccess(user, 'photographer')).toEqual({
      kind: 'denied',
      message: '사진작가 회원만 이용할 수 있는 페이지예요.',
      redirectTo: '/mypage',
    });
  });

  it('the event form is for PHOTOGRAPHER or ADMIN', () => {
    expect(memberPageAccess(photographer, 'eventWriter').kind).toBe('ok');
    expect(memberPageAccess(admin, 'eventWriter').kind).toBe('ok');
    expect(memberPageAccess(user, 'eventWriter')).toMatchObject({ kind: 'denied', redirectTo: '/events' });
  });
});

describe('the postcode answer', () => {
  it('fills sido, sigungu, road and jibun address', () => {
    expect(
      addressFromPostcode({
        sido: '서울',
        sigungu: '강남구',
        address: '서울 강남구 테헤란로 152',
        roadAddress: '서울 강남구 테헤란로 152',
        jibunAddress: '서울 강남구 역삼동 737',
        zonecode: '06236',
      }),
    ).toEqual({
      sido: '서울',
      sigungu: '강남구',
      roadAddress: '서울 강남구 테헤란로 152',
      jibunAddress: '서울 강남구 역삼동 737',
    });
  });

  it('takes the auto-mapped twin when the member picked the other form', () => {
    const a = addressFromPostcode({
      sido: '경기',
      sigungu: '성남시 분당구',
      address: '경기 성남시 분당구 백현동 532',
      roadAddress: '',
      jibunAddress: '경기 성남시 분당구 백현동 532',
      autoRoadAddress: '경기 성남시 분당구 판교역로 166',
    });
    expect(a.roadAddress).toBe('경기 성남시 분당구 판교역로 166');
    expect(addressLine(a)).toBe('경기 성남시 분당구 판교역로 166');
    expect(addressLine(null)).toBe('');
  });
});
