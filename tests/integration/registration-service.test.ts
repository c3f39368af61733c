/**
 * Registration and profile edits at the service: the checks every nickname write makes in its
 * transaction (not registered yet, a free nickname, a profile image issued to the member or already
 * theirs) and what each write stores. PGlite in memory, pictures on local disk in a temporary directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#lib/domain';
import type { Principal } from '#server/auth/principal';
import { setDbForTests, type Db } from '#server/db/index';
import { setLogLevel } from '#server/log';
import { processImage } from '#server/media/pipeline';
import { saveImages } from '#server/services/files';
import { getMember } from '#server/services/members';
import {
  registerPhotographer,
  registerUser,
  updatePhotographerProfile,
  updateUserProfile,
} from '#server/services/registration';
import { createLocalStorage, setStorageForTests, type Storage } from '#server/storage/index';
import { openTestDb } from '../support/db';
import { solidPng } from '../support/images';
import { refusal } from '../support/refusal';

let db: Db;
let root: string;
let storage: Storage;
let seq = 0;
const tag = Math.random().toString(36).slice(2, 6);

/** A member who signed in with Kakao and has not registered yet. */
async function newcomer(): Promise<Principal> {
  seq++;
  const rows = await db.query<{ id: number; nickname: string }>(
    'insert into members (kakao_id, nickname) values ($1, $2) returning id, nickname',
    [`reg-${tag}-${seq}-${Math.random()}`, `새회원${tag}${seq}`],
  );
  const m = rows[0] as { id: number; nickname: string };
  return { id: m.id, type: 'UNDEFINED', roles: [], nickname: m.nickname };
}

/** A picture uploaded by the member. */
async function upload(owner: number, colour: string): Promise<Image> {
  const image = await processImage(await solidPng(40, 40, colour));
  const [saved] = await saveImages(db, storage, owner, 'USER_PROFILE_IMAGE', [{ name: 'me.png', image }]);
  return saved as Image;
}

const nickname = (n: string) => `${n}${tag}`;
const photographerInput = (profileImage: Image, name: string) => ({
  nickname: nickname(name),
  gender: 'FEMALE' as const,
  instagramId: null,
  profileImage,
  mainPhotographyTypes: ['SNAP' as const],
  activeRegions: [{ category: '서울', name: '강남구' }],
});

beforeAll(async () => {
  setLogLevel('warn');
  db = await openTestDb();
  setDbForTests(db);
  root = mkdtempSync(join(tmpdir(), 'damabwa-registration-'));
  storage = createLocalStorage({ root, publicBaseUrl: 'http://localhost/media' });
  setStorageForTests(storage);
});

afterAll(async () => {
  setDbForTests(null);
  setStorageForTests(null);
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('registration', () => {
  it('registers a user once; a second registration is refused', async () => {
    const me = await newcomer();
    const user = await registerUser(db, me, { nickname: nickname('유저'), gender: 'MALE', instagramId: null }, []);
    expect(user).toMatchObject({ id: me.id, type: 'USER', roles: ['USER'], nickname: nickname('유저') });
    const again = await refusal(
      registerUser(db, me, { nickname: nickname('다시'), gender: 'MALE', instagramId: null }, []),
    );
    expect(again).toMatchObject({ status: 409, code: 'USER_ALREADY_REGISTERED' });
  });

  it('refuses a nickname another member holds, ignoring case and spaces', async () => {
    const first = await newcomer();
    await registerUser(db, first, { nickname: nickname('Kim'), gender: 'FEMALE', instagramId: null }, []);
    const second = await newcomer();
    const taken = await refusal(
      registerUser(db, second, { nickname: nickname('k im'), gender: 'FEMALE', instagramId: null }, []),
    );
    expect(taken).toMatchObject({ status: 409, code: 'NICKNAME_ALREADY_EXISTS' });
    expect((await getMember(db, second.id)).type).toBe('UNDEFINED');
  });

  it('registers a photographer with their own upload and refuses one of another member', async () => {
    const other = await newcomer();
    const theirs = await upload(other.id, '#112233');
    const me = await newcomer();
    const foreign = await refusal(registerPhotographer(db, me, photographerInput(theirs, '남의사진'), []));
    expect(foreign).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    const mine = await upload(me.id, '#445566');
    const page = await registerPhotographer(db, me, photographerInput(mine, '작가'), []);
    expect(page).toMatchObject({ id: me.id, type: 'PHOTOGRAPHER', nickname: nickname('작가') });
    expect(page.profileImage?.url).toBe(mine.url);
    expect(page.activeRegions).toEqual([{ category: '서울', name: '강남구' }]);
  });
});

describe('profile edits', () => {
  it('keeps the picture the member holds, takes a new upload, and refuses a taken nickname', async () => {
    const me = await newcomer();
    const first = await upload(me.id, '#778899');
    await registerPhotographer(db, me, photographerInput(first, '편집작가'), []);
    const photographer = {
      ...me,
      type: 'PHOTOGRAPHER' as const,
      roles: ['PHOTOGRAPHER', 'USER'] as Principal['roles'],
    };
    const kept = await updatePhotographerProfile(db, photographer, {
      nickname: nickname('편집작가2'),
      profileImage: first,
      mainPhotographyTypes: ['PROFILE'],
      activeRegions: [{ category: '부산', name: '해운대구' }],
    });
    expect(kept).toMatchObject({ nickname: nickname('편집작가2'), mainPhotographyTypes: ['PROFILE'] });
    expect(kept.profileImage?.url).toBe(first.url);

    const second = await upload(me.id, '#99aabb');
    const user = await updateUserProfile(db, photographer, {
      nickname: nickname('편집작가3'),
      instagramId: 'damabwa.test',
      profileImage: second,
    });
    expect(user).toMatchObject({ nickname: nickname('편집작가3'), instagramId: 'damabwa.test' });
    expect(user.profileImage?.url).toBe(second.url);

    const other = await newcomer();
    await registerUser(db, other, { nickname: nickname('선점'), gender: 'FEMALE', instagramId: null }, []);
    const taken = await refusal(
      updateUserProfile(db, photographer, { nickname: nickname('선점'), instagramId: null, profileImage: null }),
    );
    expect(taken).toMatchObject({ status: 409, code: 'NICKNAME_ALREADY_EXISTS' });
  });
});
