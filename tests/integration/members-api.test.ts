import { describe, expect, inject, it } from 'vitest';
import { signIn, uniqueAccount } from '../support/auth';
import { call, createEvent, freshNickname, newMember, newPhotographer, newUser, upload } from '../support/api';
import { startServer } from '../support/server';
import { bearer } from '../support/auth';
import { solidPng } from '../support/images';

const base = inject('baseUrl');

describe('registration', () => {
  it('registers a USER once; a second registration is 409; login then says registration is complete', async () => {
    const s = await newMember(base);
    const nickname = freshNickname();
    const res = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: s.token,
      body: { nickname, gender: 'MALE', instagramId: 'Foo.Bar_1!', signupSources: ['INSTAGRAM', 'OTHER'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.user.id,
      type: 'USER',
      roles: ['USER'],
      loginType: 'KAKAO',
      nickname,
      profileImage: null,
      gender: 'MALE',
      instagramId: 'foo.bar_1',
    });
    const again = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: s.token,
      body: { nickname: freshNickname(), gender: 'MALE', instagramId: null },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'USER_ALREADY_REGISTERED' });
  });

  it('refuses a taken nickname with 409 and broken rules with 422 and the rule message', async () => {
    const taken = await newUser(base);
    const s = await newMember(base);
    const dup = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: s.token,
      body: { nickname: taken.user.nickname, gender: 'FEMALE', instagramId: null },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'NICKNAME_ALREADY_EXISTS' });
    for (const body of [
      { nickname: ' 가 나', gender: 'FEMALE', instagramId: null },
      { nickname: '가', gender: 'FEMALE', instagramId: null },
      { nickname: '여덟글자닉네임임', gender: 'FEMALE', instagramId: null },
      { nickname: '가나다', gender: 'FEMALE', instagramId: 'x'.repeat(31) },
    ]) {
      const res = await call(base, 'POST', '/api/v1/users/me/registration', { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const err = res.body as { code: string; message: string; errors: { field: string; message: string }[] };
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.errors[0]?.message).toMatch(/[가-힣]/);
    }
    const badType = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: s.token,
      body: { nickname: '가나다', gender: 'OTHER', instagramId: null },
    });
    expect(badType.status).toBe(400);
    const anonymous = await call(base, 'POST', '/api/v1/users/me/registration', {
      body: { nickname: '가나다', gender: 'MALE' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('registers a PHOTOGRAPHER with roles [PHOTOGRAPHER, USER]; the profile image must be their own upload', async () => {
    const other = await newMember(base);
    const [foreign] = await upload(base, other.token, 'USER_PROFILE_IMAGE');
    const s = await newMember(base);
    const body = {
      nickname: `빛담 ${freshNickname('s')}`,
      gender: 'FEMALE',
      instagramId: null,
      profileImage: foreign,
      mainPhotographyTypes: ['SNAP', 'PROFILE'],
      activeRegions: [
        { category: '서울', name: '강남구' },
        { category: '부산', name: '해운대구' },
      ],
    };
    const refused = await call(base, 'POST', '/api/v1/photographers/me/registration', { token: s.token, body });
    expect(refused.status).toBe(422);
    const [own] = await upload(base, s.token, 'USER_PROFILE_IMAGE');
    const res = await call(base, 'POST', '/api/v1/photographers/me/registration', {
      token: s.token,
      body: { ...body, profileImage: own },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'PHOTOGRAPHER',
      roles: ['PHOTOGRAPHER', 'USER'],
      mainPhotographyTypes: ['PROFILE', 'SNAP'],
      activeRegions: [
        { category: '서울', name: '강남구' },
        { category: '부산', name: '해운대구' },
      ],
      portfolio: [],
      description: '',
      address: { sido: '', sigungu: '', roadAddress: '', jibunAddress: '' },
      contactLink: null,
    });
    const unknownRegion = await call(base, 'POST', '/api/v1/photographers/me/registration', {
      token: (await newMember(base)).token,
      body: { ...body, activeRegions: [{ category: '서울', name: '없는구' }] },
    });
    expect([400, 422]).toContain(unknownRegion.status);
    const login = await signIn(base, uniqueAccount('fresh'));
    expect(login.isRegistrationCompleted).toBe(false);
  });

  it('answers nickname existence with each rule', async () => {
    const taken = await newUser(base);
    const q = (path: string, nickname: string) => call(base, 'GET', `${path}?nickname=${encodeURIComponent(nickname)}`);
    expect((await q('/api/v1/users/nicknames/existence', taken.user.nickname)).body).toEqual({
      nickname: taken.user.nickname,
      exists: true,
    });
    expect((await q('/api/v1/users/nicknames/existence', '없는닉네임')).body).toEqual({
      nickname: '없는닉네임',
      exists: false,
    });
    expect((await q('/api/v1/users/nicknames/existence', '가 나')).status).toBe(422);
    expect((await q('/api/v1/photographers/nicknames/existence', '빛담 스튜디오 본점')).body).toMatchObject({
      exists: false,
    });
    expect((await q('/api/v1/photographers/nicknames/existence', '가')).status).toBe(422);
  });

  it('compares nicknames ignoring case, and ignoring spaces too; the display form stays as typed', async () => {
    const q = (path: string, nickname: string) => call(base, 'GET', `${path}?nickname=${encodeURIComponent(nickname)}`);
    const typed = `K${freshNickname('').slice(0, 6)}`;
    const user = await newMember(base);
    const registered = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: user.token,
      body: { nickname: typed, gender: 'FEMALE', instagramId: null },
    });
    expect(registered.body).toMatchObject({ nickname: typed });
    expect((await q('/api/v1/users/nicknames/existence', typed.toLowerCase())).body).toMatchObject({ exists: true });
    const lookAlike = await newMember(base);
    const refused = await call(base, 'POST', '/api/v1/users/me/registration', {
      token: lookAlike.token,
      body: { nickname: typed.toLowerCase(), gender: 'FEMALE', instagramId: null },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NICKNAME_ALREADY_EXISTS' });

    const photographer = await newPhotographer(base);
    const name = photographer.user.nickname; // '작가 p…'
    const squeezed = name.replace(/ /g, '').toUpperCase();
    expect((await q('/api/v1/photographers/nicknames/existence', squeezed)).body).toMatchObject({ exists: true });
    const spaced = `${name.slice(0, 1)} ${name.slice(1).toUpperCase()}`;
    expect((await q('/api/v1/photographers/nicknames/existence', spaced)).body).toMatchObject({ exists: true });
    expect((await call(base, 'GET', `/api/v1/photographers/${photographer.user.id}`)).body).toMatchObject({
      nickname: name,
    });
  });
});

describe('profiles and pages', () => {
  it("updates the user profile (full overwrite) and refuses another member's image URL", async () => {
    const s = await newUser(base);
    const other = await newMember(base);
    const [foreign] = await upload(base, other.token, 'USER_PROFILE_IMAGE');
    const refused = await call(base, 'PUT', '/api/v1/users/me/profile', {
      token: s.token,
      body: { nickname: s.user.nickname, instagramId: null, profileImage: foreign },
    });
    expect(refused.status).toBe(422);
    const [mine] = await upload(base, s.token, 'USER_PROFILE_IMAGE');
    const nickname = freshNickname('n');
    const ok = await call(base, 'PUT', '/api/v1/users/me/profile', {
      token: s.token,
      body: { nickname, instagramId: 'my.insta', profileImage: mine },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ nickname, instagramId: 'my.insta', profileImage: mine });
    const cleared = await call(base, 'PUT', '/api/v1/users/me/profile', {
      token: s.token,
      body: { nickname, instagramId: null, profileImage: null },
    });
    expect(cleared.body).toMatchObject({ instagramId: null, profileImage: null });
  });

  it('lets a photographer edit profile and page; a USER gets 403; the page appears publicly', async () => {
    const user = await newUser(base);
    const forbidden = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: user.token,
      body: { portfolio: [], address: null, instagramId: null, contactLink: null, description: 'x' },
    });
    expect(forbidden.status).toBe(403);
    const p = await newPhotographer(base);
    const portfolio = await upload(base, p.token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', 3);
    const address = {
      sido: '서울',
      sigungu: '마포구',
      roadAddress: '서울 마포구 양화로 45',
      jibunAddress: '서울 마포구 서교동 367-1',
    };
    const page = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: p.token,
      body: {
        portfolio,
        address,
        instagramId: 'studio_a',
        contactLink: 'https://open.kakao.com/o/x',
        description: '스튜디오 소개\n둘째 줄',
      },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      portfolio,
      address,
      instagramId: 'studio_a',
      description: '스튜디오 소개\n둘째 줄',
    });
    const bad = await call(base, 'PUT', '/api/v1/photographers/me/page', {
      token: p.token,
      body: { portfolio, address, instagramId: null, contactLink: 'javascript:alert(1)', description: '소개' },
    });
    expect(bad.status).toBe(422);
    const name = `새이름 ${freshNickname('r')}`;
    const profile = await call(base, 'PUT', '/api/v1/photographers/me/profile', {
      token: p.token,
      body: {
        nickname: name,
        profileImage: null,
        mainPhotographyTypes: ['SELF'],
        activeRegions: [{ category: '제주', name: '제주시' }],
      },
    });
    expect(profile.status).toBe(200);
    const pub = await call(base, 'GET', `/api/v1/photographers/${p.user.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: p.user.id, nickname: name, mainPhotographyTypes: ['SELF'], portfolio });
    expect(pub.body).not.toHaveProperty('kakaoId');
    const listed = await call(base, 'GET', `/api/v1/photographers/list?searchKeyword=${encodeURIComponent(name)}`);
    expect((listed.body as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([p.user.id]);
    expect((await call(base, 'GET', '/api/v1/photographers/999999')).body).toMatchObject({
      code: 'PHOTOGRAPHER_NOT_FOUND',
    });
  });
});

describe('withdrawal', () => {
  it("removes the member's events from every list and detail", async () => {
    const p = await newPhotographer(base);
    const event = await createEvent(base, p.token);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}/details`)).status).toBe(200);
    const fan = await newUser(base);
    expect((await call(base, 'POST', `/api/v1/promotions/${event.id}/save`, { token: fan.token })).status).toBe(204);
    expect((await call(base, 'DELETE', '/api/v1/users/me', { token: p.token })).status).toBe(200);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}/details`)).status).toBe(404);
    expect((await call(base, 'GET', `/api/v1/promotions/${event.id}`)).status).toBe(404);
    const saved = await call(base, 'GET', '/api/v1/promotions/saved', { token: fan.token });
    expect((saved.body as { items: unknown[] }).items).toEqual([]);
    expect((await call(base, 'GET', '/api/v1/users/me', { token: p.token })).status).toBe(401);
  });

  it("makes the member's stored pictures unreachable when it answers", async () => {
    const member = await newUser(base);
    // Pictures of their own (objects are shared by content, and other tests upload the helper's pictures).
    const form = new FormData();
    form.append('fileType', 'USER_PROFILE_IMAGE');
    for (const i of [0, 1]) {
      const colour = `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`;
      form.append('files', new Blob([new Uint8Array(await solidPng(40 + i, 30, colour))]), `mine-${i}.png`);
    }
    const res = await fetch(`${base}/api/v1/files`, { method: 'POST', headers: bearer(member.token), body: form });
    expect(res.status).toBe(201);
    const files = ((await res.json()) as { files: { url: string }[] }).files;
    const urls = files.map((f) => new URL(f.url, base).href);
    const profile = await call(base, 'PUT', '/api/v1/users/me/profile', {
      token: member.token,
      body: { nickname: member.user.nickname, instagramId: null, profileImage: files[0] },
    });
    expect(profile.status).toBe(200);
    for (const url of urls) expect((await fetch(url)).status).toBe(200);
    expect((await call(base, 'DELETE', '/api/v1/users/me', { token: member.token })).status).toBe(200);
    for (const url of urls) expect((await fetch(url)).status, url).toBe(404);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the sign-in limit', async () => {
    const server = await startServer({ RATE_LIMIT_AUTH: '3' });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${server.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ loginType: 'KAKAO', authKey: 'x' }),
        });
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers.get('retry-after');
          expect(await res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
        }
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
