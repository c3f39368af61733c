/**
 * Authorization matrix: every /api/v1 endpoint × nine callers → the contract's status and error code.
 * Callers: anonymous, a forged token, an expired token, a refresh token presented as an access token,
 * an unregistered member, a USER, the author PHOTOGRAPHER, another PHOTOGRAPHER and an ADMIN (granted
 * with the operator script). The endpoint files are read from the file system: a method without a row
 * fails the test. Rejected writes are checked to have changed nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kakaoAccessToken, uniqueAccount } from '../support/auth';
import {
  createEvent,
  eventBody,
  freshNickname,
  newMember,
  newPhotographer,
  newUser,
  picture,
  upload,
  type Session,
} from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import {
  apiEndpointFiles,
  closeAgent,
  expiredAccessToken,
  forgedAccessToken,
  grantAdmin,
  isErrorEnvelope,
  parseJson,
  pool,
  serverSecret,
} from '../security/lib';

const ACTORS = [
  'anonymous',
  'badToken',
  'expiredToken',
  'refreshAsAccess',
  'unregistered',
  'user',
  'author',
  'otherPhotographer',
  'admin',
] as const;
type ActorKind = (typeof ACTORS)[number];
const ANONYMOUS_LIKE = ['anonymous', 'badToken', 'expiredToken', 'refreshAsAccess'] as const;
type AnonymousKind = (typeof ANONYMOUS_LIKE)[number];
const isAnonymousLike = (kind: ActorKind): kind is AnonymousKind =>
  (ANONYMOUS_LIKE as readonly ActorKind[]).includes(kind);
const SIGNED_IN = ['unregistered', 'user', 'author', 'otherPhotographer', 'admin'] as const;
type SignedInKind = (typeof SIGNED_IN)[number];

/** A status, or a status with the error code the contract names. */
type Expect = number | readonly [number, string];
/** `anon` covers the four anonymous-like callers, `member` the five signed-in ones, `all` everyone. */
type ExpectTable = Partial<Record<ActorKind | 'anon' | 'member' | 'all', Expect>>;

interface Actor {
  kind: ActorKind;
  /** The Authorization header, or null. */
  auth: string | null;
  /** The signed-in member behind the header (null for the anonymous-like callers). */
  member: Session | null;
}

interface Prepared {
  path?: string;
  json?: unknown;
  form?: FormData;
  /** Context for `after` checks (e.g. the event id a DELETE was aimed at). */
  note?: Record<string, unknown>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface Row {
  method: string;
  route: string;
  name?: string;
  expect: ExpectTable;
  /** Signed-in kinds replaced by a fresh member of the same kind for this row (destructive rows). */
  fresh?: readonly SignedInKind[];
  prepare?: (actor: Actor) => Promise<Prepared>;
  /** Extra checks after the call (state unchanged by a refused write, identity of the answer). */
  after?: (actor: Actor, answer: Answer, prepared: Prepared) => Promise<string | null>;
}

const A401 = [401, 'INVALID_AUTH_CREDENTIALS'] as const;
const DENIED = [403, 'ACCESS_DENIED'] as const;
const REGISTER_FIRST = [403, 'REGISTRATION_REQUIRED'] as const;
const ALREADY = [409, 'USER_ALREADY_REGISTERED'] as const;
const UPDATE_DENIED = [403, 'PROMOTION_UPDATE_PERMISSION_DENIED'] as const;
const DELETE_DENIED = [403, 'PROMOTION_DELETE_PERMISSION_DENIED'] as const;
const HIDDEN_DENIED = [403, 'PROMOTION_AUTHOR_HIDDEN_PERMISSION_DENIED'] as const;

/** Hides a target as the admin (the setup of rows about hidden content). */
async function adminHide(path: string): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${people.admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: '확인 중' }),
  });
  if (res.status !== 204) throw new Error(`${path}: ${res.status}`);
}

function expected(table: ExpectTable, kind: ActorKind): Expect {
  const group = isAnonymousLike(kind) ? table.anon : table.member;
  const e = table[kind] ?? group ?? table.all;
  if (e === undefined) throw new Error(`no expectation for ${kind}`);
  return e;
}

const dataDir = mkdtempSync(join(tmpdir(), 'damabwa-authz-'));
const serverEnv = { DATA_DIR: dataDir, PGLITE_DIR: join(dataDir, 'db') };
let server: RunningServer;
let base = '';

const people = {} as Record<SignedInKind, Session> & { spareAdmin: Session };
let anonymousLike: Record<AnonymousKind, string | null>;
let authorEventId = 0;
let authorEventBody: Record<string, unknown> = {};
let requestsSent = 0;
/** A notification of a member who is none of the callers (an author told of an application). */
let victim: Session;
let victimNotificationId = 0;

async function victimUnread(): Promise<boolean> {
  const res = await fetch(`${base}/api/v1/users/me/notifications`, {
    headers: { authorization: `Bearer ${victim.token}` },
  });
  const body = (await res.json()) as { items: { id: number; readAt: string | null }[] };
  return body.items.some((n) => n.id === victimNotificationId && n.readAt === null);
}

async function freshOf(kind: SignedInKind): Promise<Session> {
  switch (kind) {
    case 'unregistered':
      return newMember(base);
    case 'user':
      return newUser(base);
    case 'author':
    case 'otherPhotographer':
      return newPhotographer(base, { withPage: true });
    case 'admin':
      return people.spareAdmin;
  }
}

function actorsFor(row: Row): Promise<Actor[]> {
  return Promise.all(
    ACTORS.map(async (kind): Promise<Actor> => {
      if (isAnonymousLike(kind)) return { kind, auth: anonymousLike[kind], member: null };
      const k = kind as SignedInKind;
      const member = row.fresh?.includes(k) ? await freshOf(k) : people[k];
      return { kind, auth: `Bearer ${member.token}`, member };
    }),
  );
}

/** Who uploads the pictures of a body: an unregistered member may only upload their profile picture. */
function bodyOwner(actor: Actor): Session {
  return (actor.kind === 'unregistered' ? null : actor.member) ?? people.user;
}

/** Images owned by the caller; the USER's for the anonymous, who are refused before the body is read. */
async function imagesOf(actor: Actor, fileType: string, count = 1) {
  // An unregistered member may upload only their profile picture: other bodies of theirs name someone's.
  const own = actor.kind !== 'unregistered' || fileType === 'USER_PROFILE_IMAGE';
  return upload(base, ((own ? actor.member : null) ?? people.user).token, fileType, count);
}

async function send(method: string, path: string, actor: Actor, prepared: Prepared): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (actor.auth) headers['authorization'] = actor.auth;
  let body: BodyInit | null = null;
  if (prepared.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(prepared.json);
  } else if (prepared.form) {
    body = prepared.form;
  }
  requestsSent++;
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (parseJson(text) ?? text) };
}

const byId = (id: number) => (path: string) => path.replace('{id}', String(id));

const ROWS: Row[] = [
  // ── auth ──────────────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    route: '/api/v1/auth/login',
    expect: { all: 201 },
    prepare: async () => ({
      json: { loginType: 'KAKAO', authKey: await kakaoAccessToken(base, uniqueAccount('authz')) },
    }),
  },
  {
    method: 'POST',
    route: '/api/v1/auth/refresh',
    expect: { all: 200 },
    prepare: async () => ({ json: { refreshToken: (await newMember(base)).refreshToken.value } }),
  },
  {
    method: 'POST',
    route: '/api/v1/auth/logout',
    expect: { all: 204 },
    prepare: async () => ({ json: { refreshToken: (await newMember(base)).refreshToken.value } }),
  },
  // ── users ─────────────────────────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    route: '/api/v1/users/me',
    expect: { anon: A401, member: 200 },
    after: async (actor, answer) =>
      actor.member && (answer.body as { id?: number }).id !== actor.member.user.id ? 'answered another member' : null,
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/me',
    fresh: SIGNED_IN,
    expect: { anon: A401, member: 200 },
    after: async (actor, answer) => {
      // A refused withdrawal (the anonymous-like tokens all name the USER) left the USER in place.
      if (answer.status === 401) {
        const me = await fetch(`${base}/api/v1/users/me`, {
          headers: { authorization: `Bearer ${people.user.token}` },
        });
        return me.status === 200 ? null : `USER was withdrawn by a ${actor.kind} call`;
      }
      const gone = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: actor.auth ?? '' } });
      return gone.status === 401 ? null : 'token still works after withdrawal';
    },
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/saves',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    prepare: async () => ({
      path: `/api/v1/users/me/saves?promotionIds=${authorEventId}&photographerIds=${people.author.user.id}`,
    }),
  },
  // Applications on 담아봐 (issue 40): the author's event takes applications through its link only.
  {
    method: 'POST',
    route: '/api/v1/promotions/{id}/applications',
    expect: { anon: A401, unregistered: REGISTER_FIRST, author: DENIED, member: [409, 'PROMOTION_NOT_IN_APP'] },
    prepare: async () => ({ path: `/api/v1/promotions/${authorEventId}/applications`, json: {} }),
  },
  {
    method: 'GET',
    route: '/api/v1/promotions/{id}/applications',
    expect: { anon: A401, unregistered: REGISTER_FIRST, author: 200, admin: 200, member: DENIED },
    prepare: async () => ({ path: `/api/v1/promotions/${authorEventId}/applications` }),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/applications',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/application-inbox',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
  },
  ...(['GET', 'PATCH', 'PUT'] as const).map((method) => ({
    method,
    route: '/api/v1/applications/{id}',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'APPLICATION_NOT_FOUND'] as const },
    prepare: async () =>
      method === 'GET'
        ? { path: '/api/v1/applications/2000000000' }
        : { path: '/api/v1/applications/2000000000', json: { introduction: '안녕하세요' } },
  })),
  {
    method: 'POST',
    route: '/api/v1/applications/{id}/transitions',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'APPLICATION_NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/applications/2000000000/transitions', json: { to: 'WITHDRAWN' } }),
  },
  {
    method: 'GET',
    route: '/api/v1/applications/{id}/calendar.ics',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'APPLICATION_NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/applications/2000000000/calendar.ics' }),
  },
  {
    method: 'GET',
    route: '/api/v1/applications/{id}/photos/{n}',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'APPLICATION_NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/applications/2000000000/photos/0' }),
  },
  // Reviews of completed shoots (issue 43): public reads, the author's and the photographer's writes.
  {
    method: 'POST',
    route: '/api/v1/applications/{id}/review',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'APPLICATION_NOT_FOUND'] },
    prepare: async () => ({
      path: '/api/v1/applications/2000000000/review',
      json: { rating: 5, text: '정말 좋은 촬영이었어요!' },
    }),
  },
  {
    method: 'GET',
    route: '/api/v1/reviews/{id}',
    expect: { all: [404, 'REVIEW_NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/reviews/2000000000' }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method) => ({
    method,
    route: '/api/v1/reviews/{id}',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'REVIEW_NOT_FOUND'] as const },
    prepare: async () =>
      method === 'DELETE'
        ? { path: '/api/v1/reviews/2000000000' }
        : { path: '/api/v1/reviews/2000000000', json: { rating: 4, text: '다시 써 보는 후기예요.' } },
  })),
  {
    method: 'POST',
    route: '/api/v1/reviews/{id}/reply',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'REVIEW_NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/reviews/2000000000/reply', json: { text: '감사합니다' } }),
  },
  {
    method: 'GET',
    route: '/api/v1/photographers/{id}/reviews',
    expect: { all: 200 },
    prepare: async () => ({ path: `/api/v1/photographers/${people.author.user.id}/reviews` }),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/reviews',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/stats',
    expect: { anon: A401, unregistered: REGISTER_FIRST, user: DENIED, admin: DENIED, member: 200 },
  },
  ...(['hide', 'unhide'] as const).map((action) => ({
    method: 'POST',
    route: `/api/v1/admin/reviews/{id}/${action}`,
    expect: { anon: A401, unregistered: REGISTER_FIRST, admin: [404, 'REVIEW_NOT_FOUND'] as const, member: DENIED },
    prepare: async () => ({
      path: `/api/v1/admin/reviews/2000000000/${action}`,
      ...(action === 'hide' ? { json: { reason: '사실과 다른 내용' } } : {}),
    }),
  })),
  // Reports for admins, a page at a time, and a flood dismissed (issue 46).
  {
    method: 'GET',
    route: '/api/v1/admin/reports',
    expect: { anon: A401, unregistered: REGISTER_FIRST, admin: 200, member: DENIED },
  },
  {
    method: 'POST',
    route: '/api/v1/admin/reports/dismiss-by-reporter',
    expect: { anon: A401, unregistered: REGISTER_FIRST, admin: 200, member: DENIED },
    prepare: async () => ({ json: { reporterId: 2000000000 } }),
  },
  // Privacy (issue 41).
  { method: 'GET', route: '/api/v1/users/me/consents', expect: { anon: A401, member: 200 } },
  {
    method: 'POST',
    route: '/api/v1/users/me/consents',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    prepare: async () => ({ json: { consents: ['MARKETING'] } }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/me/consents/{kind}',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    prepare: async () => ({ path: '/api/v1/users/me/consents/MARKETING' }),
  },
  { method: 'GET', route: '/api/v1/users/me/export', expect: { anon: A401, member: 200 } },
  // Notifications (issue 42): nobody reads or marks another member's; the victim's stays unread.
  {
    method: 'GET',
    route: '/api/v1/users/me/notifications',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    after: async (_actor, answer) =>
      (answer.body as { items?: { id: number }[] }).items?.some((n) => n.id === victimNotificationId)
        ? "listed another member's notification"
        : null,
  },
  ...[{ ids: [0] }, { all: true }].map((shape): Row => ({
    method: 'POST',
    route: '/api/v1/users/me/notifications/read',
    name: 'ids' in shape ? 'ids' : 'all',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    prepare: async () => ({ json: 'ids' in shape ? { ids: [victimNotificationId] } : shape }),
    after: async () => ((await victimUnread()) ? null : "marked another member's notification read"),
  })),
  ...(['GET', 'PUT'] as const).map((method): Row => ({
    method,
    route: '/api/v1/users/me/notification-settings',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    prepare: async () =>
      method === 'GET' ? {} : { json: { settings: [{ kind: 'APPLICATION_DECLINED', inApp: true, push: true }] } },
  })),
  {
    method: 'GET',
    route: '/api/v1/push/vapid-public-key',
    expect: { all: 200 },
  },
  ...(['POST', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/api/v1/users/me/push-subscriptions',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 204 },
    prepare: async () => ({
      json:
        method === 'POST'
          ? {
              endpoint: `https://fcm.googleapis.com/fcm/send/authz-${Math.random()}`,
              keys: {
                p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
                auth: randomBytes(16).toString('base64url'),
              },
            }
          : { endpoint: `https://fcm.googleapis.com/fcm/send/authz-gone-${Math.random()}` },
    }),
  })),
  {
    method: 'GET',
    route: '/api/v1/users/nicknames/existence',
    expect: { all: 200 },
    prepare: async () => ({ path: `/api/v1/users/nicknames/existence?nickname=${encodeURIComponent('가나다라')}` }),
  },
  {
    method: 'POST',
    route: '/api/v1/users/me/registration',
    fresh: ['unregistered'],
    expect: {
      anon: A401,
      unregistered: 200,
      user: ALREADY,
      author: ALREADY,
      otherPhotographer: ALREADY,
      admin: ALREADY,
    },
    prepare: async () => ({ json: { nickname: freshNickname('r'), gender: 'FEMALE', instagramId: null } }),
  },
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    method,
    route: '/api/v1/users/me/profile',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
    prepare: async () => ({ json: { nickname: freshNickname('f'), instagramId: null, profileImage: null } }),
  })),
  // ── photographers ─────────────────────────────────────────────────────────────────────────────
  { method: 'GET', route: '/api/v1/photographers/list', expect: { all: 200 } },
  {
    method: 'GET',
    route: '/api/v1/photographers/saved',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/photographers/{id}',
    expect: { all: 200 },
    prepare: async () => ({ path: byId(people.author.user.id)('/api/v1/photographers/{id}') }),
  },
  {
    method: 'GET',
    route: '/api/v1/photographers/{id}/details',
    expect: { all: 200 },
    prepare: async () => ({ path: byId(people.author.user.id)('/api/v1/photographers/{id}/details') }),
  },
  {
    method: 'GET',
    route: '/api/v1/photographers/{id}/promotions',
    expect: { all: 200 },
    prepare: async () => ({ path: byId(people.author.user.id)('/api/v1/photographers/{id}/promotions') }),
    after: async (_actor, answer) =>
      (answer.body as { items?: { id: number }[] }).items?.some((e) => e.id === authorEventId)
        ? null
        : "the author's event is not listed",
  },
  {
    method: 'GET',
    route: '/api/v1/photographers/nicknames/existence',
    expect: { all: 200 },
    prepare: async () => ({
      path: `/api/v1/photographers/nicknames/existence?nickname=${encodeURIComponent('빛담 스튜디오')}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/v1/photographers/me/registration',
    fresh: ['unregistered'],
    expect: {
      anon: A401,
      unregistered: 200,
      user: ALREADY,
      author: ALREADY,
      otherPhotographer: ALREADY,
      admin: ALREADY,
    },
    prepare: async (actor) => ({
      json: {
        nickname: `작가 ${freshNickname('g')}`,
        gender: 'MALE',
        instagramId: null,
        profileImage: (await imagesOf(actor, 'USER_PROFILE_IMAGE'))[0],
        mainPhotographyTypes: ['SNAP'],
        activeRegions: [{ category: '서울', name: '강남구' }],
      },
    }),
  },
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    method,
    route: '/api/v1/photographers/me/profile',
    expect: {
      anon: A401,
      unregistered: REGISTER_FIRST,
      user: DENIED,
      author: 200,
      otherPhotographer: 200,
      admin: DENIED,
    },
    prepare: async () => ({
      json: {
        nickname: `작가 ${freshNickname('h')}`,
        profileImage: null,
        mainPhotographyTypes: ['PROFILE'],
        activeRegions: [{ category: '부산', name: '해운대구' }],
      },
    }),
  })),
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    method,
    route: '/api/v1/photographers/me/page',
    expect: {
      anon: A401,
      unregistered: REGISTER_FIRST,
      user: DENIED,
      author: 200,
      otherPhotographer: 200,
      admin: DENIED,
    },
    prepare: async (actor) => ({
      json: {
        portfolio: await imagesOf(actor, 'PHOTOGRAPHER_PORTFOLIO_IMAGE'),
        address: null,
        instagramId: null,
        contactLink: null,
        description: `${actor.kind} 의 소개`,
      },
    }),
  })),
  {
    method: 'POST',
    route: '/api/v1/photographers/{id}/save',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 204 },
    prepare: async () => ({ path: byId(people.otherPhotographer.user.id)('/api/v1/photographers/{id}/save') }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/photographers/{id}/unsave',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 204 },
    prepare: async () => ({ path: byId(people.otherPhotographer.user.id)('/api/v1/photographers/{id}/unsave') }),
  },
  // ── promotions ────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', route: '/api/v1/promotions/list', expect: { all: 200 } },
  {
    method: 'GET',
    route: '/api/v1/promotions/saved',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/promotions/{id}',
    expect: { all: 200 },
    prepare: async () => ({ path: byId(authorEventId)('/api/v1/promotions/{id}') }),
  },
  {
    method: 'GET',
    route: '/api/v1/promotions/{id}/details',
    expect: { all: 200 },
    prepare: async () => ({ path: byId(authorEventId)('/api/v1/promotions/{id}/details') }),
  },
  {
    // Counts a click and sends anyone on to the event's link (the fetch follows to forms.gle: 302 or its page).
    method: 'GET',
    route: '/api/v1/promotions/{id}/apply',
    expect: { all: [404, 'PROMOTION_NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/promotions/2000000000/apply' }),
  },
  {
    method: 'POST',
    route: '/api/v1/promotions',
    expect: { anon: A401, unregistered: REGISTER_FIRST, user: DENIED, author: 201, otherPhotographer: 201, admin: 201 },
    prepare: async (actor) => ({
      json: { ...(await eventBody(base, bodyOwner(actor).token)), title: `${actor.kind} 이벤트 등록` },
    }),
  },
  {
    method: 'POST',
    route: '/api/v1/promotions',
    name: 'isAuthorHidden: true',
    expect: {
      anon: A401,
      unregistered: REGISTER_FIRST,
      user: DENIED,
      author: HIDDEN_DENIED,
      otherPhotographer: HIDDEN_DENIED,
      admin: 201,
    },
    prepare: async (actor) => ({
      json: {
        ...(await eventBody(base, bodyOwner(actor).token)),
        title: '작성자 숨김 이벤트',
        isAuthorHidden: true,
      },
    }),
    after: async (_actor, answer) =>
      answer.status === 201 && (answer.body as { isAuthorHidden?: boolean }).isAuthorHidden !== true
        ? 'not hidden'
        : null,
  },
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    method,
    route: '/api/v1/promotions/{id}',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: UPDATE_DENIED, author: 200 },
    prepare: async (actor) => ({
      path: byId(authorEventId)('/api/v1/promotions/{id}'),
      json: {
        ...authorEventBody,
        title: actor.kind === 'author' ? '작성자가 고친 제목' : `${actor.kind} 가 고친 제목`,
      },
    }),
  })),
  {
    method: 'DELETE',
    route: '/api/v1/promotions/{id}',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DELETE_DENIED, author: 204, admin: 204 },
    prepare: async () => {
      const { id } = await createEvent(base, people.author.token, { title: '지워질 수도 있는 이벤트' });
      return { path: byId(id)('/api/v1/promotions/{id}'), note: { id } };
    },
    after: async (actor, answer, prepared) => {
      const res = await fetch(`${base}/api/v1/promotions/${String(prepared.note?.['id'])}`);
      if (answer.status === 204) return res.status === 404 ? null : 'deleted event still readable';
      return res.status === 200 ? null : `event vanished after a refused delete by ${actor.kind}`;
    },
  },
  {
    method: 'POST',
    route: '/api/v1/promotions/{id}/save',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 204 },
    prepare: async () => ({ path: byId(authorEventId)('/api/v1/promotions/{id}/save') }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/promotions/{id}/unsave',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 204 },
    prepare: async () => ({ path: byId(authorEventId)('/api/v1/promotions/{id}/unsave') }),
  },
  // ── reports and moderation ────────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    route: '/api/v1/reports',
    // The event is the author's: one's own content cannot be reported.
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 201, author: DENIED },
    prepare: async () => ({ json: { targetType: 'PROMOTION', targetId: authorEventId, reason: 'SPAM' } }),
  },
  {
    method: 'GET',
    route: '/api/v1/admin/moderation',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DENIED, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/admin/stats',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DENIED, admin: 200 },
  },
  ...(['hide', 'unhide', 'delete'] as const).map((action): Row => ({
    method: action === 'delete' ? 'DELETE' : 'POST',
    route: action === 'delete' ? '/api/v1/admin/promotions/{id}' : `/api/v1/admin/promotions/{id}/${action}`,
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DENIED, admin: 204 },
    prepare: async () => {
      const { id } = await createEvent(base, people.author.token, { title: '운영자가 살펴볼 이벤트' });
      if (action === 'unhide') {
        const hidden = await fetch(`${base}/api/v1/admin/promotions/${id}/hide`, {
          method: 'POST',
          headers: { authorization: `Bearer ${people.admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: '확인 중' }),
        });
        if (hidden.status !== 204) throw new Error(`hide for the unhide row: ${hidden.status}`);
      }
      const path = action === 'delete' ? `/api/v1/admin/promotions/${id}` : `/api/v1/admin/promotions/${id}/${action}`;
      return { path, json: action === 'hide' ? { reason: '운영 정책 위반' } : undefined, note: { id } };
    },
    after: async (actor, answer, prepared) => {
      const res = await fetch(`${base}/api/v1/promotions/${String(prepared.note?.['id'])}`);
      const publicNow = action === 'unhide' ? answer.status === 204 : answer.status !== 204;
      return (res.status === 200) === publicNow ? null : `${action} by ${actor.kind} left the event ${res.status}`;
    },
  })),
  ...(['hide', 'unhide'] as const).map((action): Row => ({
    method: 'POST',
    route: `/api/v1/admin/photographers/{id}/${action}`,
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DENIED, admin: 204 },
    prepare: async () => {
      const p = await newPhotographer(base, { withPage: true });
      if (action === 'unhide') {
        const hidden = await fetch(`${base}/api/v1/admin/photographers/${p.user.id}/hide`, {
          method: 'POST',
          headers: { authorization: `Bearer ${people.admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: '확인 중' }),
        });
        if (hidden.status !== 204) throw new Error(`hide for the unhide row: ${hidden.status}`);
      }
      return {
        path: `/api/v1/admin/photographers/${p.user.id}/${action}`,
        json: action === 'hide' ? { reason: '사칭 의심' } : undefined,
      };
    },
  })),
  // Issue 44 item 7: hidden content's owner asks for another look; an admin keeps it hidden.
  {
    method: 'GET',
    route: '/api/v1/users/me/hidden',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 200 },
  },
  {
    method: 'POST',
    route: '/api/v1/promotions/{id}/review-request',
    // A hidden event exists only for its author (and admins, who still are not its author).
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'PROMOTION_NOT_FOUND'], author: 204 },
    prepare: async () => {
      const { id } = await createEvent(base, people.author.token, { title: '검토를 요청할 이벤트' });
      await adminHide(`/api/v1/admin/promotions/${id}/hide`);
      return { path: `/api/v1/promotions/${id}/review-request` };
    },
  },
  {
    method: 'POST',
    route: '/api/v1/photographers/me/review-request',
    // Nobody here has a hidden page: there is nothing of theirs to look at again.
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: [404, 'PHOTOGRAPHER_NOT_FOUND'] },
  },
  ...(['promotions', 'photographers'] as const).map((kind): Row => ({
    method: 'POST',
    route: `/api/v1/admin/${kind}/{id}/keep-hidden`,
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DENIED, admin: 204 },
    prepare: async () => {
      const owner = kind === 'promotions' ? people.author : await newPhotographer(base, { withPage: true });
      const id =
        kind === 'promotions'
          ? (await createEvent(base, owner.token, { title: '숨김을 유지할 이벤트' })).id
          : owner.user.id;
      await adminHide(`/api/v1/admin/${kind}/${id}/hide`);
      const asked = await fetch(
        kind === 'promotions'
          ? `${base}/api/v1/promotions/${id}/review-request`
          : `${base}/api/v1/photographers/me/review-request`,
        { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } },
      );
      if (asked.status !== 204) throw new Error(`review request for the keep-hidden row: ${asked.status}`);
      return { path: `/api/v1/admin/${kind}/${id}/keep-hidden` };
    },
  })),
  {
    method: 'POST',
    route: '/api/v1/admin/reports/{id}/dismiss',
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: DENIED, admin: 204 },
    prepare: async () => {
      const reporter = await newUser(base);
      const res = await fetch(`${base}/api/v1/reports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reporter.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ targetType: 'PROMOTION', targetId: authorEventId, reason: 'FRAUD' }),
      });
      const { id } = (await res.json()) as { id: number };
      return { path: `/api/v1/admin/reports/${id}/dismiss` };
    },
  },
  {
    method: 'GET',
    route: '/api/v1/promotions/{id}/moderation',
    expect: { anon: [404, 'PROMOTION_NOT_FOUND'], member: [404, 'PROMOTION_NOT_FOUND'], author: 200, admin: 200 },
    prepare: async () => {
      const { id } = await createEvent(base, people.author.token, { title: '숨겨진 이벤트' });
      await fetch(`${base}/api/v1/admin/promotions/${id}/hide`, {
        method: 'POST',
        headers: { authorization: `Bearer ${people.admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: '확인 중' }),
      });
      return { path: `/api/v1/promotions/${id}/moderation` };
    },
  },
  // A hidden photographer page answers its owner (a fresh author, so the shared one stays public) and admins.
  ...(['/api/v1/photographers/{id}', '/api/v1/photographers/{id}/moderation'] as const).map((route): Row => ({
    method: 'GET',
    route,
    name: 'hidden page',
    fresh: ['author'],
    expect: {
      anon: [404, 'PHOTOGRAPHER_NOT_FOUND'],
      member: [404, 'PHOTOGRAPHER_NOT_FOUND'],
      author: 200,
      admin: 200,
    },
    prepare: async (actor) => {
      const owner =
        actor.kind === 'author' && actor.member ? actor.member : await newPhotographer(base, { withPage: true });
      const hidden = await fetch(`${base}/api/v1/admin/photographers/${owner.user.id}/hide`, {
        method: 'POST',
        headers: { authorization: `Bearer ${people.admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: '사칭 의심' }),
      });
      if (hidden.status !== 204) throw new Error(`hide for the hidden page row: ${hidden.status}`);
      return { path: byId(owner.user.id)(route) };
    },
  })),
  // ── regions ───────────────────────────────────────────────────────────────────────────────────
  ...['/api/v1/regions/categories', '/api/v1/regions/groups', '/api/v1/region-clusters'].flatMap((route): Row[] => [
    { method: 'GET', route, expect: { all: 200 } },
    { method: 'HEAD', route, expect: { all: 200 } },
  ]),
  // ── search (issue 45): the same answer whoever asks, nothing of the caller in it ──────────────
  ...(['GET', 'HEAD'] as const).flatMap((method): Row[] => [
    {
      method,
      route: '/api/v1/search/suggestions',
      expect: { all: 200 },
      prepare: async () => ({ path: `/api/v1/search/suggestions?q=${encodeURIComponent('권한 표')}` }),
      // Whoever asks gets what anyone gets: the anonymous answer.
      after: async (_actor, answer, prepared) => {
        if (method === 'HEAD') return null;
        const anyone: unknown = await (await fetch(`${base}${prepared.path ?? ''}`)).json();
        return JSON.stringify(answer.body) === JSON.stringify(anyone)
          ? null
          : `${JSON.stringify(answer.body)} is not the anonymous answer ${JSON.stringify(anyone)}`;
      },
    },
    {
      method,
      route: '/api/v1/search/popular',
      expect: { all: 200 },
      after: async (_actor, answer) =>
        method === 'HEAD' || Array.isArray((answer.body as { keywords?: unknown }).keywords)
          ? null
          : `no keywords: ${JSON.stringify(answer.body)}`,
    },
  ]),
  {
    method: 'POST',
    route: '/api/v1/search/popular',
    expect: { all: 204 },
    prepare: async () => ({ json: { keyword: '권한 표' } }),
  },
  // ── files ─────────────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    route: '/api/v1/files',
    // Before registering, a member uploads a profile picture only (files-pace.test.ts).
    expect: { anon: A401, unregistered: REGISTER_FIRST, member: 201 },
    prepare: async () => {
      const form = new FormData();
      form.append('fileType', 'PROMOTION_IMAGE');
      form.append('files', new Blob([new Uint8Array(await picture())], { type: 'image/png' }), 'matrix.png');
      return { form };
    },
  },
  // ── unknown paths under /api/v1: the JSON 404, whoever asks ──────────────────────────────────
  {
    method: 'ALL',
    route: '/api/v1/{...rest}',
    expect: { all: [404, 'NOT_FOUND'] },
    prepare: async () => ({ path: '/api/v1/no/such/endpoint' }),
  },
];

beforeAll(async () => {
  server = await startServer(serverEnv);
  base = server.url;
  const [unregistered, user, author, otherPhotographer, admin, spareAdmin] = await Promise.all([
    newMember(base),
    newUser(base),
    newPhotographer(base, { withPage: true }),
    newPhotographer(base, { withPage: true }),
    newUser(base),
    newUser(base),
  ]);
  Object.assign(people, { unregistered, user, author, otherPhotographer, admin, spareAdmin });
  server = await grantAdmin(server, [admin.user.id, spareAdmin.user.id], () => startServer(serverEnv));
  base = server.url;
  const me = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(((await me.json()) as { roles: string[] }).roles).toContain('ADMIN');

  const secret = serverSecret(server);
  anonymousLike = {
    anonymous: null,
    badToken: `Bearer ${forgedAccessToken(user.user.id, ['USER'])}`,
    expiredToken: `Bearer ${expiredAccessToken(secret, user.user.id, ['USER'])}`,
    refreshAsAccess: `Bearer ${user.refreshToken.value}`,
  };
  authorEventBody = await eventBody(base, author.token, { title: '권한 표 이벤트' });
  const created = await fetch(`${base}/api/v1/promotions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(authorEventBody),
  });
  expect(created.status).toBe(201);
  authorEventId = ((await created.json()) as { id: number }).id;

  victim = await newPhotographer(base);
  const victimEvent = await createEvent(base, victim.token, { applyMode: 'IN_APP', capacity: 3, externalLink: '' });
  const applicant = await newUser(base);
  const applied = await fetch(`${base}/api/v1/promotions/${victimEvent.id}/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${applicant.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ introduction: '신청합니다', preferredDates: [], consent: true }),
  });
  expect(applied.status).toBe(201);
  const told = await fetch(`${base}/api/v1/users/me/notifications`, {
    headers: { authorization: `Bearer ${victim.token}` },
  });
  victimNotificationId = ((await told.json()) as { items: { id: number }[] }).items[0]?.id ?? 0;
  expect(victimNotificationId).toBeGreaterThan(0);
}, 240_000);

afterAll(async () => {
  console.log(`authorization matrix: ${requestsSent} requests`);
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

// Nothing here depends on the database: the PostgreSQL pass skips it (the fuzzer and tests/load run there).
describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')('authorization matrix', () => {
  it('has a row for every method of every endpoint file, and no row without an endpoint', () => {
    const files = apiEndpointFiles();
    expect(files.length).toBeGreaterThan(20);
    const rowKeys = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    const missing: string[] = [];
    const known = new Set<string>();
    for (const f of files) {
      const methods = f.route.includes('{...') ? f.methods : f.methods.filter((m) => m !== 'ALL');
      for (const m of methods) {
        known.add(`${m} ${f.route}`);
        if (!rowKeys.has(`${m} ${f.route}`)) missing.push(`${m} ${f.route} (${f.file})`);
      }
      // Every endpoint answers 405 (not Astro's empty 404/500) for the methods it does not serve.
      if (!f.route.includes('{...') && !f.methods.includes('ALL')) missing.push(`ALL = notAllowed in ${f.file}`);
    }
    expect(missing, 'endpoints without a row in the authorization matrix').toEqual([]);
    expect(
      [...rowKeys].filter((k) => !known.has(k)),
      'rows without an endpoint',
    ).toEqual([]);
  });

  it('answers every endpoint, for every caller, as the contract says', async () => {
    const mismatches: string[] = [];
    for (const row of ROWS) {
      const actors = await actorsFor(row);
      const methods = row.method === 'ALL' ? ['GET', 'POST', 'PUT', 'DELETE'] : [row.method];
      await Promise.all(
        actors.flatMap((actor) =>
          methods.map(async (method) => {
            const label = `${method} ${row.route}${row.name ? ` (${row.name})` : ''} as ${actor.kind}`;
            const prepared = row.prepare ? await row.prepare(actor) : {};
            const answer = await send(method, prepared.path ?? row.route, actor, prepared);
            const want = expected(row.expect, actor.kind);
            const [status, code] = typeof want === 'number' ? [want, undefined] : want;
            if (answer.status !== status) {
              mismatches.push(
                `${label}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}, expected ${status}`,
              );
              return;
            }
            if (status >= 400 && method !== 'HEAD') {
              if (!isErrorEnvelope(answer.body))
                mismatches.push(`${label}: not the error envelope: ${JSON.stringify(answer.body)}`);
              else if (code && answer.body.code !== code)
                mismatches.push(`${label}: code ${answer.body.code}, expected ${code}`);
            }
            const problem = row.after ? await row.after(actor, answer, prepared) : null;
            if (problem) mismatches.push(`${label}: ${problem}`);
          }),
        ),
      );
    }
    // Refused edits left the author's event as the author wrote it.
    const event = (await (await fetch(`${base}/api/v1/promotions/${authorEventId}`)).json()) as { title: string };
    if (event.title !== '작성자가 고친 제목') mismatches.push(`author's event title is "${event.title}"`);
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('answers 405 METHOD_NOT_ALLOWED with the envelope for every method an endpoint does not serve', async () => {
    const files = apiEndpointFiles().filter((f) => !f.route.includes('{...'));
    const cases = files.flatMap((f) =>
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
        .filter((m) => !f.methods.includes(m))
        .flatMap((m) => ACTORS.map((kind) => ({ route: f.route, method: m, kind }))),
    );
    expect(cases.length).toBeGreaterThan(50);
    const actors = await actorsFor({ method: 'GET', route: '', expect: {} });
    const mismatches: string[] = [];
    await pool(cases, 8, async ({ route, method, kind }) => {
      const actor = actors.find((a) => a.kind === kind) as Actor;
      const path = route.replace(
        '{id}',
        String(route.startsWith('/api/v1/promotions') ? authorEventId : people.author.user.id),
      );
      const answer = await send(method, path, actor, method === 'GET' ? {} : { json: {} });
      if (answer.status !== 405 || !isErrorEnvelope(answer.body) || answer.body.code !== 'METHOD_NOT_ALLOWED') {
        mismatches.push(`${method} ${path} as ${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    });
    expect(mismatches).toEqual([]);
  }, 120_000);
});
