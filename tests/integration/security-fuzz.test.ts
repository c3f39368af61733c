/**
 * Hostile input: fast-check generates batches of raw HTTP requests across every endpoint — wrong types,
 * huge strings, deep JSON, invalid UTF-8, NUL and control characters, emoji and combining marks, SQL and
 * LIKE metacharacters, negative and huge numbers, repeated and missing query parameters, wrong
 * Content-Types, truncated multipart — sent with bounded concurrency to a server of its own.
 *
 * Every answer: no 5xx; an error under /api/v1 is JSON `{code, message}`; no stack trace or file
 * content leaks. Requests built to be refused (no valid caller, broken body, a rule certainly broken,
 * someone else's event, an id that names nothing, an incomplete upload) must all be refused, and the
 * state read through the API before and after must be the same (view counts and created events are
 * accounted for). /healthz answers 200 after every batch. FUZZ_SEED=<n> replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, freshNickname, newMember, newPhotographer, newUser, upload, type Session } from '../support/api';
import { startServer, type RunningServer } from '../support/server';
import {
  brokenJsonBody,
  badIdSegment,
  contentType,
  hostileString,
  hostileValue,
  multipartBody,
  pct,
  queryString,
  queryValue,
} from '../security/hostile';
import {
  apiEndpointFiles,
  closeAgent,
  expiredAccessToken,
  forgedAccessToken,
  isErrorEnvelope,
  parseJson,
  pool,
  rawRequest,
  serverSecret,
  type RawResponse,
} from '../security/lib';

const BATCH = 50;
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 110);
const CONCURRENCY = 16;
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : Date.now() % 2_147_483_647;

/** read: any answer but 5xx; reject: must be refused (4xx); any: may succeed (a member's own data). */
type Klass = 'read' | 'reject' | 'any';

interface FuzzRequest {
  klass: Klass;
  family: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
  /** Who is calling, for the report. */
  as: string;
}

let server: RunningServer;
let base = '';
const ids = { victimEvent: 0, ownEvent: 0 };
let victim: Session;
let fuzzer: Session;
let user: Session;
let unregistered: Session;
type Img = { name: string; url: string };
const images = {
  fuzzerProfile: [] as Img[],
  fuzzerPromotion: [] as Img[],
  fuzzerPortfolio: [] as Img[],
  unregisteredProfile: [] as Img[],
  victim: [] as Img[],
};
let ownEventStart = '';
let anonymousAuth: string[] = [];

const stats = {
  sent: 0,
  byKlass: new Map<string, number>(),
  byStatus: new Map<number, number>(),
  /** Who viewed the watched event (GET answered 200): a member counts once a day, all anonymous callers as one. */
  victimViewers: new Set<string>(),
  created: 0,
  accepted: 0,
};

beforeAll(async () => {
  server = await startServer();
  base = server.url;
  [victim, fuzzer, user, unregistered] = await Promise.all([
    newPhotographer(base, { withPage: true }),
    newPhotographer(base, { withPage: true }),
    newUser(base),
    newMember(base),
  ]);
  [images.fuzzerProfile, images.fuzzerPromotion, images.fuzzerPortfolio, images.unregisteredProfile, images.victim] =
    await Promise.all([
      upload(base, fuzzer.token, 'USER_PROFILE_IMAGE'),
      upload(base, fuzzer.token, 'PROMOTION_IMAGE', 2),
      upload(base, fuzzer.token, 'PHOTOGRAPHER_PORTFOLIO_IMAGE', 2),
      upload(base, unregistered.token, 'USER_PROFILE_IMAGE'),
      upload(base, victim.token, 'PROMOTION_IMAGE'),
    ]);
  const create = async (who: Session, imgs: Img[], title: string) => {
    const res = await fetch(`${base}/api/v1/promotions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(eventSkeleton(imgs, title)),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  ownEventStart = day(0);
  ids.victimEvent = await create(victim, images.victim, '지켜야 할 이벤트');
  ids.ownEvent = await create(fuzzer, images.fuzzerPromotion, '퍼저의 이벤트');
  // The USER saves the victim's event and photographer: counters the fuzz must not move.
  for (const path of [`/api/v1/promotions/${ids.victimEvent}/save`, `/api/v1/photographers/${victim.user.id}/save`]) {
    expect(
      (await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } })).status,
    ).toBe(204);
  }
  const secret = serverSecret(server);
  anonymousAuth = [
    'Bearer null',
    'Bearer ',
    'Bearer undefined',
    'bearer',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer a.b.c',
    `Bearer ${forgedAccessToken(victim.user.id, ['ADMIN', 'PHOTOGRAPHER', 'USER'])}`,
    `Bearer ${expiredAccessToken(secret, victim.user.id, ['PHOTOGRAPHER', 'USER'])}`,
    `Bearer ${victim.refreshToken.value}`,
    // alg "none" with ADMIN claims and no signature.
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(`{"sub":"${victim.user.id}","roles":["ADMIN"],"type":"ACCESS","exp":9999999999}`).toString('base64url')}.`,
    `Bearer ${victim.token}x`,
    `Bearer ${victim.token.slice(0, -2)}`,
    `Bearer ${'A'.repeat(4000)}`,
  ];
}, 180_000);

afterAll(async () => {
  const klasses = [...stats.byKlass].map(([k, v]) => `${k} ${v}`).join(', ');
  const statuses = [...stats.byStatus]
    .sort((a, b) => a[0] - b[0])
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
  console.log(
    `hostile input: seed ${SEED}, ${stats.sent} requests (${klasses}); statuses ${statuses}; ` +
      `accepted writes ${stats.accepted}, events created ${stats.created}, viewers of the watched event ${stats.victimViewers.size}`,
  );
  if (server) {
    closeAgent(server.url);
    await server.stop();
  }
});

function eventSkeleton(imgs: Img[], title = '흔한 스냅 이벤트'): Record<string, unknown> {
  return {
    promotionType: 'FREE',
    title,
    content: '무료 촬영 이벤트입니다.',
    externalLink: 'https://forms.gle/apply',
    startedAt: day(0),
    endedAt: day(5),
    photographyTypes: ['SNAP'],
    images: imgs,
    activeRegions: [{ category: '서울', name: '마포구' }],
    hashtags: ['스냅'],
  };
}

// ---------------------------------------------------------------------------------------------------
// Write skeletons: a valid body, how to break it for sure, and where hostile text may go.

const DELETE = Symbol('delete');
type Patch = Record<string, unknown>;

interface Skeleton {
  family: string;
  methods: string[];
  path: () => string;
  auth: () => Session;
  body: () => Record<string, unknown>;
  /** Patches that certainly make the body invalid (400/403/422). */
  invalid: () => Patch[];
  /** Fields that take free text: hostile strings go there in the "own data" requests. */
  text: (s: string, body: Record<string, unknown>) => void;
}

const DANGEROUS_LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  'http://user:pass@evil.example/',
  'https://',
  '/relative/path',
];

function wrongTypes(required: string[], arrays: string[], optional: string[]): Patch[] {
  return [
    ...required.flatMap((f) => [{ [f]: 42 }, { [f]: true }, { [f]: {} }, { [f]: [] }, { [f]: null }, { [f]: DELETE }]),
    ...arrays.flatMap((f) => [{ [f]: 'x' }, { [f]: 42 }, { [f]: {} }, { [f]: null }, { [f]: DELETE }, { [f]: [42] }]),
    ...optional.flatMap((f) => [{ [f]: 42 }, { [f]: true }, { [f]: ['x'] }]),
  ];
}

const foreign = () => images.victim[0] as Img;
const setImageNames = (s: string, list: unknown) => {
  if (Array.isArray(list)) for (const i of list) if (i && typeof i === 'object') (i as Img).name = s;
};

function skeletons(): Skeleton[] {
  const eventInvalid = (): Patch[] => [
    ...wrongTypes(
      ['promotionType', 'title', 'content', 'externalLink', 'startedAt', 'endedAt'],
      ['photographyTypes', 'images', 'activeRegions', 'hashtags'],
      [],
    ),
    { title: '가나' },
    { title: '가'.repeat(31) },
    { title: '   ' },
    { title: '\u202e이벤트 제목' },
    { title: '가을\u2067 스냅\u2069' },
    { title: '\u200b\u200b\u200b\u200b' },
    { title: '\u3164\u3164\u3164' },
    { content: '\u200b\u200d\ufeff' },
    { content: '내용\u202d입니다' },
    { hashtags: ['\u200b'] },
    { hashtags: ['스냅\u2066'] },
    { content: '' },
    { content: '가'.repeat(501) },
    { content: 'a\u0000b' },
    { photographyTypes: [] },
    { photographyTypes: ['SNAP', 'PROFILE', 'SELF'] },
    { photographyTypes: ['NOPE'] },
    { activeRegions: [] },
    { activeRegions: [{ category: '서울', name: '없는구' }] },
    { activeRegions: [{ category: '서울' }] },
    { hashtags: [] },
    { hashtags: ['a', 'b', 'c', 'd'] },
    { hashtags: ['x', 'X'] },
    { hashtags: ['a'.repeat(256)] },
    { hashtags: ['a\nb'] },
    { startedAt: day(-1) },
    { endedAt: day(-1) },
    { startedAt: '2026-02-30' },
    { startedAt: '2026-1-1' },
    { endedAt: '9999-99-99' },
    ...DANGEROUS_LINKS.map((externalLink) => ({ externalLink })),
    { images: [] },
    { images: [foreign()] },
    { images: [{ name: 'x', url: 'https://evil.example/x.jpg' }] },
    { images: [{ name: 'x', url: 'javascript:alert(1)' }] },
    { images: Array.from({ length: 11 }, () => images.fuzzerPromotion[0]) },
    { promotionType: 'PAID' },
    { promotionType: 'free' },
  ];
  const eventText = (s: string, b: Record<string, unknown>) => {
    b['title'] = s;
    b['content'] = s;
    b['hashtags'] = [s];
    b['externalLink'] = `https://example.com/${s}`;
    setImageNames(s, b['images']);
  };
  const nicknameInvalid = [
    { nickname: '가' },
    { nickname: '가 나' },
    { nickname: '여덟글자닉네임임' },
    { nickname: '<b>가나</b>' },
    { nickname: '가\u0000나' },
    { nickname: '\u202e가나다' },
    { nickname: '\u200b\u200b\u200b' },
    { nickname: 'Kim'.repeat(1_000) },
  ];
  const photographerNameInvalid = [
    { nickname: '가' },
    { nickname: '가'.repeat(19) },
    { nickname: '<b>가나</b>' },
    { nickname: '가\u0000나' },
    { nickname: '작가\u2067 이름\u2069' },
    { nickname: '\u3164 \u3164' },
    { nickname: '작가 이름 '.repeat(500) },
  ];
  return [
    {
      family: 'create event',
      methods: ['POST'],
      path: () => '/api/v1/promotions',
      auth: () => fuzzer,
      body: () => eventSkeleton(structuredClone(images.fuzzerPromotion)),
      invalid: () => [...eventInvalid(), { isAuthorHidden: true }, { isAuthorHidden: 'yes' }],
      text: eventText,
    },
    {
      family: 'update own event',
      methods: ['PUT', 'PATCH'],
      path: () => `/api/v1/promotions/${ids.ownEvent}`,
      auth: () => fuzzer,
      body: () => ({ ...eventSkeleton(structuredClone(images.fuzzerPromotion)), startedAt: ownEventStart }),
      invalid: eventInvalid,
      text: eventText,
    },
    {
      family: 'photographer profile',
      methods: ['PUT', 'PATCH'],
      path: () => '/api/v1/photographers/me/profile',
      auth: () => fuzzer,
      body: () => ({
        nickname: `퍼저 ${freshNickname('z')}`,
        profileImage: structuredClone(images.fuzzerProfile[0]),
        mainPhotographyTypes: ['SNAP'],
        activeRegions: [{ category: '서울', name: '강남구' }],
      }),
      invalid: () => [
        ...wrongTypes(['nickname'], ['mainPhotographyTypes', 'activeRegions'], ['profileImage']),
        ...photographerNameInvalid,
        { mainPhotographyTypes: [] },
        { mainPhotographyTypes: ['SNAP', 'PROFILE', 'SELF', 'CONCEPT'] },
        { activeRegions: [] },
        { activeRegions: [{ category: '서울', name: '없는구' }] },
        { profileImage: foreign() },
      ],
      text: (s, b) => {
        b['nickname'] = s;
        setImageNames(s, [b['profileImage']]);
      },
    },
    {
      family: 'photographer page',
      methods: ['PUT', 'PATCH'],
      path: () => '/api/v1/photographers/me/page',
      auth: () => fuzzer,
      body: () => ({
        portfolio: structuredClone(images.fuzzerPortfolio),
        address: {
          sido: '서울',
          sigungu: '마포구',
          roadAddress: '서울 마포구 양화로 45',
          jibunAddress: '서울 마포구 서교동 1',
        },
        instagramId: 'fuzzer_studio',
        contactLink: 'https://open.kakao.com/o/fuzz',
        description: '퍼저 스튜디오 소개',
      }),
      invalid: () => [
        ...wrongTypes(['description'], ['portfolio'], ['address', 'instagramId', 'contactLink']),
        { portfolio: [] },
        { portfolio: [foreign()] },
        { portfolio: Array.from({ length: 11 }, () => images.fuzzerPortfolio[0]) },
        { description: '' },
        { description: '가'.repeat(501) },
        { instagramId: 'a'.repeat(31) },
        { address: { sido: 'a'.repeat(201) } },
        { address: { sido: 42 } },
        ...DANGEROUS_LINKS.filter((l) => l.trim() !== '').map((contactLink) => ({ contactLink })),
      ],
      text: (s, b) => {
        b['description'] = s;
        b['instagramId'] = s;
        b['contactLink'] = `https://example.com/?q=${s}`;
        b['address'] = { sido: s, sigungu: s, roadAddress: s, jibunAddress: s };
        setImageNames(s, b['portfolio']);
      },
    },
    {
      family: 'user profile',
      methods: ['PUT', 'PATCH'],
      path: () => '/api/v1/users/me/profile',
      auth: () => fuzzer,
      body: () => ({ nickname: freshNickname('q'), instagramId: null, profileImage: null }),
      invalid: () => [
        ...wrongTypes(['nickname'], [], ['instagramId', 'profileImage']),
        ...nicknameInvalid,
        { instagramId: 'a'.repeat(31) },
        { profileImage: foreign() },
      ],
      text: (s, b) => {
        b['nickname'] = s;
        b['instagramId'] = s;
      },
    },
    {
      family: 'user registration',
      methods: ['POST'],
      path: () => '/api/v1/users/me/registration',
      auth: () => unregistered,
      body: () => ({ nickname: freshNickname('w'), gender: 'FEMALE', instagramId: null }),
      invalid: () => [
        ...wrongTypes(['nickname', 'gender'], [], ['instagramId']),
        ...nicknameInvalid,
        { gender: 'OTHER' },
        { signupSources: 'x' },
        { signupSources: ['NOPE'] },
      ],
      text: (s, b) => {
        b['nickname'] = s;
        b['instagramId'] = s;
      },
    },
    {
      family: 'photographer registration',
      methods: ['POST'],
      path: () => '/api/v1/photographers/me/registration',
      auth: () => unregistered,
      body: () => ({
        nickname: `새작가 ${freshNickname('v')}`,
        gender: 'MALE',
        instagramId: null,
        profileImage: structuredClone(images.unregisteredProfile[0]),
        mainPhotographyTypes: ['SNAP'],
        activeRegions: [{ category: '서울', name: '강남구' }],
      }),
      invalid: () => [
        ...wrongTypes(['nickname', 'gender'], ['mainPhotographyTypes', 'activeRegions'], ['instagramId']),
        ...photographerNameInvalid,
        { profileImage: null },
        { profileImage: foreign() },
        { gender: 'OTHER' },
        {
          activeRegions: Array.from({ length: 6 }, (_, i) => ({
            category: '서울',
            name: ['강남구', '마포구', '중구', '종로구', '용산구', '성동구'][i],
          })),
        },
      ],
      text: (s, b) => {
        b['nickname'] = s;
        b['instagramId'] = s;
        setImageNames(s, [b['profileImage']]);
      },
    },
  ];
}

function applyPatch(body: Record<string, unknown>, patch: Patch): Record<string, unknown> {
  const out = { ...body };
  for (const [k, v] of Object.entries(patch)) {
    if (v === DELETE) delete out[k];
    else out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Request generators

const bearer = (s: Session) => `Bearer ${s.token}`;
/** The `as` names of callers with a valid token. */
const MEMBERS = ['victim', 'fuzzer', 'user', 'unregistered'];
const memberAuth = () =>
  fc.constantFrom<[string, Session]>(['fuzzer', fuzzer], ['user', user], ['unregistered', unregistered]);
const anyAuth = () =>
  fc.oneof(
    fc.constantFrom<[string, string | undefined]>(
      ['anonymous', undefined],
      ...anonymousAuth.map((a, i): [string, string] => [`bad-token-${i}`, a]),
    ),
    fc.constantFrom<[string, string]>(
      ['victim', bearer(victim)],
      ['fuzzer', bearer(fuzzer)],
      ['user', bearer(user)],
      ['unregistered', bearer(unregistered)],
    ),
    fc
      .string({ unit: 'binary-ascii', maxLength: 60 })
      .map((s): [string, string] => ['junk', `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`]),
  );
const anonymousAuthArb = () =>
  fc.oneof(
    fc.constantFrom<[string, string | undefined]>(
      ['anonymous', undefined],
      ...anonymousAuth.map((a, i): [string, string] => [`bad-token-${i}`, a]),
    ),
    fc
      .string({ unit: 'binary-ascii', maxLength: 60 })
      .map((s): [string, string] => ['junk', `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`]),
  );

const validIds = () =>
  fc.constantFrom(String(ids.victimEvent), String(ids.ownEvent), String(victim.user.id), String(fuzzer.user.id));
const idSegment = () => fc.oneof(validIds(), badIdSegment);

const READ_ROUTES = [
  '/api/v1/promotions/list',
  '/api/v1/photographers/list',
  '/api/v1/promotions/saved',
  '/api/v1/photographers/saved',
  '/api/v1/users/me/saves',
  '/api/v1/users/nicknames/existence',
  '/api/v1/photographers/nicknames/existence',
  '/api/v1/promotions/{id}',
  '/api/v1/promotions/{id}/details',
  '/api/v1/photographers/{id}',
  '/api/v1/photographers/{id}/details',
  '/api/v1/photographers/{id}/promotions',
  '/api/v1/promotions/{id}/moderation',
  '/api/v1/admin/moderation',
  '/api/v1/regions/categories',
  '/api/v1/regions/groups',
  '/api/v1/region-clusters',
  '/api/v1/users/me',
  '/api/v1/{junk}',
  '/api/v1/promotions/{id}/{junk}',
  '/media/{junk}',
  '/healthz',
  '/{junk}',
  // Pages read the same query keys (filters, search, paging): hostile values must not break them either.
  '/',
  '/events',
  '/photographers',
  '/search',
  '/event/{id}',
  '/photographer/{id}',
  '/my/saved/{junk}',
  '/admin',
  '/event/hidden/{id}',
  '/login',
  '/auth',
  '/signup',
  '//evil.example/{junk}',
  '/\\evil.example/{junk}',
];

/**
 * Every write endpoint, read from the files under src/pages/api (a new one is fuzzed without being
 * listed here), each path parameter as `{id}`. Left out: the writes anyone may make with any body.
 */
const OPEN_WRITES = new Set([
  'POST /api/v1/search/popular', // counts a search (204 whatever the keyword)
  'POST /api/v1/auth/logout', // revokes only a token the caller holds; idempotent
]);
const WRITE_ROUTES: [string, string][] = apiEndpointFiles()
  .flatMap((f) =>
    f.methods
      .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
      .map((m): [string, string] => [m, f.route.replace(/\{[^}]+\}/g, '{id}')]),
  )
  .filter(([m, r]) => !OPEN_WRITES.has(`${m} ${r}`));

const JSON_WRITE_ROUTES = WRITE_ROUTES.filter(([m, r]) => m !== 'DELETE' && !r.includes('{') && r !== '/api/v1/files');

const withAuth = (headers: Record<string, string>, auth: string | undefined) =>
  auth === undefined ? headers : { ...headers, authorization: auth };
const junkSegment = () =>
  fc.oneof(
    hostileString.map((s) => pct(s) || 'x'),
    badIdSegment,
    fc.constantFrom(
      '..',
      '%2e%2e/%2e%2e/etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      'a/b/c',
      '%2F%2F',
      '\\..\\',
      '\xff\xfe',
      'caf\xe9',
    ),
  );

function fillRoute(route: string, id: string, junk: string): string {
  return route.replaceAll('{id}', id).replace('{junk}', junk);
}

/**
 * A list or lookup with sensible parameters and exactly one hostile value: the others pass, so the
 * hostile one travels as far as the code lets it (into SQL, if nothing stops it).
 */
function oneHostileParam(): fc.Arbitrary<FuzzRequest> {
  const promotions = [
    'type',
    'progressStatus',
    'regions',
    'photographyTypes',
    'searchKeyword',
    'sortType',
    'page',
    'pageSize',
  ];
  const photographersKeys = ['regions', 'photographyTypes', 'searchKeyword', 'sort', 'sortType', 'page', 'pageSize'];
  const routes: { path: string; base: string; keys: string[] }[] = [
    { path: '/api/v1/promotions/list', base: 'type=FREE&progressStatus=ONGOING&sortType=LATEST', keys: promotions },
    { path: '/api/v1/promotions/list', base: '', keys: promotions },
    { path: '/api/v1/photographers/list', base: 'sort=POPULAR', keys: photographersKeys },
    { path: '/api/v1/photographers/list', base: '', keys: photographersKeys },
    { path: '/api/v1/users/me/saves', base: 'photographerIds=1', keys: ['promotionIds', 'photographerIds'] },
    { path: '/api/v1/users/nicknames/existence', base: '', keys: ['nickname'] },
    { path: '/api/v1/promotions/saved', base: 'closingWithinDays=3', keys: ['closingWithinDays', 'page', 'pageSize'] },
    { path: '/api/v1/photographers/nicknames/existence', base: '', keys: ['nickname'] },
  ];
  return fc
    .record({ route: fc.constantFrom(...routes), pick: fc.nat(), value: queryValue, auth: anyAuth() })
    .map(({ route, pick, value, auth }) => {
      const key = route.keys[pick % route.keys.length] as string;
      return {
        klass: 'read' as const,
        family: `one hostile ${key} on ${route.path}`,
        method: 'GET',
        path: `${route.path}?${route.base ? `${route.base}&` : ''}${key}=${value}`,
        headers: withAuth({}, auth[1]),
        as: auth[0],
      };
    });
}

function readRequest(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...READ_ROUTES),
      id: idSegment(),
      junk: junkSegment(),
      query: queryString,
      method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS'),
      auth: anyAuth(),
      trailingSlash: fc.boolean(),
    })
    .map(({ route, id, junk, query, method, auth, trailingSlash }) => ({
      klass: 'read' as const,
      family: `read ${route}`,
      method,
      path: `${fillRoute(route, id, junk)}${trailingSlash ? '/' : ''}${query}`,
      headers: withAuth({}, auth[1]),
      as: auth[0],
    }));
}

/** Any write route, any body, with no valid caller: 401 (or an earlier 4xx), never a change. */
function anonymousWrite(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...WRITE_ROUTES),
      method: fc.constantFrom('', 'POST', 'PUT', 'PATCH', 'DELETE'),
      id: idSegment(),
      auth: anonymousAuthArb(),
      type: contentType,
      body: fc.oneof(
        hostileValue.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
        brokenJsonBody('{"a":1}'),
      ),
    })
    .map(({ route, method, id, auth, type, body }) => ({
      klass: 'reject' as const,
      family: `anonymous ${route[0]} ${route[1]}`,
      method: method || route[0],
      path: fillRoute(route[1], id, 'x'),
      headers: withAuth(type === undefined ? {} : { 'content-type': type }, auth[1]),
      body,
      as: auth[0],
    }));
}

/** A member's JSON write with a body that is not a valid JSON object (or not JSON, or not UTF-8). */
function brokenBodyWrite(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ route: fc.constantFrom(...JSON_WRITE_ROUTES), who: memberAuth(), type: contentType })
    .chain(({ route, who, type }) =>
      brokenJsonBody(JSON.stringify(eventSkeleton(images.fuzzerPromotion))).map((body) => ({
        klass: 'reject' as const,
        family: `broken body ${route[0]} ${route[1]}`,
        method: route[0],
        path: route[1],
        headers: withAuth(type === undefined ? {} : { 'content-type': type }, bearer(who[1])),
        body,
        as: who[0],
      })),
    );
}

/** A valid body, hostile values in some fields, then one patch that certainly breaks a rule. */
function invalidSkeletonWrite(): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...skeletons()).chain((sk) => {
    const base0 = sk.body();
    const fields = Object.keys(base0);
    return fc
      .record({
        method: fc.constantFrom(...sk.methods),
        mutations: fc.array(fc.tuple(fc.constantFrom(...fields), hostileValue), { maxLength: 3 }),
        invalid: fc.constantFrom(...sk.invalid()),
        extra: fc.option(fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }), { nil: undefined }),
      })
      .map(({ method, mutations, invalid, extra }) => {
        let body: Record<string, unknown> = { ...(extra ?? {}), ...sk.body() };
        for (const [f, v] of mutations) body[f] = v;
        body = applyPatch(body, invalid);
        return {
          klass: 'reject' as const,
          family: `invalid ${sk.family}`,
          method,
          path: sk.path(),
          headers: { 'content-type': 'application/json', authorization: bearer(sk.auth()) },
          body: Buffer.from(JSON.stringify(body)),
          as: sk.family,
        };
      });
  });
}

/** Someone else's event: edits and deletes by members who are not its author, whatever the body. */
function victimWrite(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('PUT', 'PATCH', 'DELETE'),
      who: memberAuth(),
      valid: fc.boolean(),
      mutation: fc.option(fc.tuple(fc.constantFrom('title', 'content', 'images', 'isAuthorHidden'), hostileValue), {
        nil: undefined,
      }),
      suffix: fc.constantFrom('', '/', '?x=1'),
    })
    .map(({ method, who, valid, mutation, suffix }) => {
      const body: Record<string, unknown> = valid
        ? eventSkeleton(images.fuzzerPromotion, '남의 이벤트를 바꾸려는 시도')
        : {};
      if (mutation) body[mutation[0]] = mutation[1];
      return {
        klass: 'reject' as const,
        family: `someone else's event ${method}`,
        method,
        path: `/api/v1/promotions/${ids.victimEvent}${suffix}`,
        headers: { 'content-type': 'application/json', authorization: bearer(who[1]) },
        body: method === 'DELETE' ? undefined : Buffer.from(JSON.stringify(body)),
        as: who[0],
      };
    });
}

/**
 * A dot segment (`..`, `%2e%2e`) in the last place names the parent: `DELETE /users/me/consents/..` is
 * `DELETE /users/me/`, the member's own withdrawal, which is no id naming nothing.
 */
const isDotSegment = (s: string) => /^(\.|%2e){1,2}$/i.test(s);

/** Save, unsave, edit and delete aimed at ids that name nothing. */
function badIdWrite(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...WRITE_ROUTES.filter(([, r]) => r.includes('{id}'))),
      id: badIdSegment.filter((s) => !isDotSegment(s)),
      who: memberAuth(),
    })
    .map(({ route, id, who }) => ({
      klass: 'reject' as const,
      family: `bad id ${route[0]} ${route[1]}`,
      method: route[0],
      path: fillRoute(route[1], id, 'x'),
      headers: { 'content-type': 'application/json', authorization: bearer(who[1]) },
      body: route[0] === 'DELETE' ? undefined : Buffer.from(JSON.stringify(eventSkeleton(images.fuzzerPromotion))),
      as: who[0],
    }));
}

function multipartUpload(): fc.Arbitrary<FuzzRequest> {
  return fc.record({ mp: multipartBody, who: memberAuth() }).map(({ mp, who }) => ({
    klass: mp.broken ? ('reject' as const) : ('any' as const),
    family: mp.broken ? 'broken upload' : 'upload',
    method: 'POST',
    path: '/api/v1/files',
    headers: { 'content-type': mp.contentType, authorization: bearer(who[1]) },
    body: mp.body,
    as: who[0],
  }));
}

/** The caller's own data with hostile text where text goes: may be stored, must never be a 5xx. */
function ownWrite(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ sk: fc.constantFrom(...skeletons()), text: hostileString, proto: fc.boolean() })
    .chain(({ sk, text, proto }) =>
      fc.constantFrom(...sk.methods).map((method) => {
        const body = sk.body();
        sk.text(text, body);
        let raw = JSON.stringify(body);
        // A prototype-pollution attempt rides along: it must neither crash nor grant anything.
        if (proto)
          raw = raw.replace(
            '{',
            '{"__proto__":{"roles":["ADMIN"],"isAdmin":true},"constructor":{"prototype":{"roles":["ADMIN"]}},',
          );
        return {
          klass: 'any' as const,
          family: `own ${sk.family}`,
          method,
          path: sk.path(),
          headers: { 'content-type': 'application/json', authorization: bearer(sk.auth()) },
          body: Buffer.from(raw),
          as: sk.family,
        };
      }),
    );
}

/** Logout takes anything and answers 204 (idempotent); the rest of the time it is an error. */
function logoutRequest(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      auth: anyAuth(),
      type: contentType,
      body: fc.oneof(
        hostileValue.map((v) => Buffer.from(JSON.stringify({ refreshToken: v }))),
        brokenJsonBody('{"refreshToken":"x"}'),
      ),
    })
    .map(({ auth, type, body }) => ({
      klass: 'read' as const,
      family: 'logout',
      method: 'POST',
      path: '/api/v1/auth/logout',
      headers: withAuth(type === undefined ? {} : { 'content-type': type }, auth[1]),
      body,
      as: auth[0],
    }));
}

function requestArb(): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: readRequest(), weight: 20 },
    { arbitrary: oneHostileParam(), weight: 10 },
    { arbitrary: invalidSkeletonWrite(), weight: 22 },
    { arbitrary: brokenBodyWrite(), weight: 10 },
    { arbitrary: anonymousWrite(), weight: 8 },
    { arbitrary: victimWrite(), weight: 5 },
    { arbitrary: badIdWrite(), weight: 5 },
    { arbitrary: multipartUpload(), weight: 8 },
    { arbitrary: ownWrite(), weight: 10 },
    { arbitrary: logoutRequest(), weight: 2 },
  );
}

// ---------------------------------------------------------------------------------------------------
// Checks

const STACK = /\bat [\w$.<>]+ \(|node_modules|\/src\/server\/|\.ts:\d+:\d+|TypeError|RangeError|SyntaxError: /;

/** Where the server will route the path (WHATWG normalisation: dot segments, %2e). */
function routedPath(path: string): string {
  try {
    return new URL(path, 'http://x').pathname;
  } catch {
    return path;
  }
}

function describeRequest(r: FuzzRequest): string {
  const body = r.body
    ? JSON.stringify(r.body.subarray(0, 300).toString('latin1')) +
      (r.body.length > 300 ? `…(${r.body.length} bytes)` : '')
    : '';
  return `[${r.klass}] ${r.method} ${JSON.stringify(r.path.slice(0, 300))} as ${r.as} ${JSON.stringify(r.headers['content-type'] ?? null)} ${body}`;
}

function problemOf(r: FuzzRequest, res: RawResponse): string | null {
  if (res.status >= 500) return `answered ${res.status}`;
  // Node's own HTTP parser refusing the request line: no request id, a bare 4xx.
  if (res.headers['x-request-id'] === undefined)
    return res.status >= 400 ? null : `answered ${res.status} outside the app`;
  const api = routedPath(r.path).startsWith('/api/v1/');
  if (res.status >= 300 && res.status < 400) {
    // Redirects (Not Found → home, duplicate slashes) stay on this site.
    const location = String(res.headers.location ?? '');
    return /^\/(?![/\\])/.test(location) ? null : `redirects off-site to ${JSON.stringify(location)}`;
  }
  const hasBody = r.method !== 'HEAD' && res.status !== 204;
  if (api && hasBody) {
    const json = parseJson(res.text);
    if (!/^application\/json/.test(String(res.headers['content-type'])))
      return `not JSON (${String(res.headers['content-type'])})`;
    if (res.status >= 400 && !isErrorEnvelope(json)) return 'error without the {code, message} envelope';
    if (res.status < 300 && res.text !== '' && json === undefined) return 'unparsable JSON';
  }
  if (STACK.test(res.text)) return 'leaks a stack trace or source path';
  if (/root:x:0:0|\[extensions\]/.test(res.text)) return 'leaks a file';
  if (r.klass === 'reject' && res.status < 400) return `write accepted (${res.status}) though it had to be refused`;
  return null;
}

function account(r: FuzzRequest, res: RawResponse): void {
  stats.sent++;
  stats.byKlass.set(r.klass, (stats.byKlass.get(r.klass) ?? 0) + 1);
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  if (r.klass !== 'read' && res.status < 300) stats.accepted++;
  if (res.status === 201 && r.path === '/api/v1/promotions') stats.created++;
  // A GET of the details counts its viewer once a day (docs/views.md); HEAD never counts. A caller with no
  // valid token is anonymous, and every anonymous caller here has the same address.
  const details = `/api/v1/promotions/${ids.victimEvent}/details`;
  const routed = routedPath(r.path);
  if (r.method === 'GET' && res.status === 200 && (routed === details || routed === `${details}/`))
    stats.victimViewers.add(MEMBERS.includes(r.as) ? r.as : 'anonymous');
}

// ---------------------------------------------------------------------------------------------------
// State read through the API

async function get(path: string, who?: Session): Promise<unknown> {
  const res = await fetch(`${base}${path}`, { headers: who ? { authorization: bearer(who) } : {} });
  expect(res.status, path).toBe(200);
  return res.json();
}

async function snapshot() {
  // List answers are shared copies: right after writes, a copy may be answered stale (X-Page-Cache: stale)
  // while its one re-render runs. Counting reads the settled answer.
  const total = async (path: string) => {
    for (let i = 0; ; i++) {
      const res = await fetch(`${base}${path}?pageSize=1`);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as { totalPage: number };
      if (res.headers.get('x-page-cache') !== 'stale' || i >= 50) return body.totalPage;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const event = (await get(`/api/v1/promotions/${ids.victimEvent}`)) as Record<string, unknown>;
  const { viewCount, ...eventRest } = event;
  return {
    viewCount: viewCount as number,
    state: {
      victimEvent: eventRest,
      victimPhotographer: await get(`/api/v1/photographers/${victim.user.id}/details`),
      victimMe: await get('/api/v1/users/me', victim),
      userMe: await get('/api/v1/users/me', user),
      fuzzerRoles: ((await get('/api/v1/users/me', fuzzer)) as { roles: string[] }).roles,
      userSavedEvents: await get('/api/v1/promotions/saved', user),
      userSavedPhotographers: await get('/api/v1/photographers/saved', user),
      victimSavedEvents: await get('/api/v1/promotions/saved', victim),
      photographers: await total('/api/v1/photographers/list'),
    },
    events: await total('/api/v1/promotions/list'),
  };
}

describe('hostile input', () => {
  it('refuses the inputs that broke it before (found by this fuzzer), and stays up', async () => {
    const cut =
      '--x\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nPROMOTION_IMAGE\r\n' +
      '--x\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';
    const cases: { path: string; method?: string; headers?: Record<string, string>; body?: string; status: number }[] =
      [
        // A NUL in a region filter reached PostgreSQL as text (500).
        { path: '/api/v1/promotions/list?regions=%00', status: 400 },
        { path: '/api/v1/photographers/list?regions=%EC%84%9C%EC%9A%B8%00', status: 400 },
        { path: '/api/v1/promotions/list?regions=%EC%84%9C%EC%9A%B8,a%00b&type=FREE', status: 400 },
        { path: '/api/v1/users/me/saves?promotionIds=%00', headers: { authorization: bearer(user) }, status: 400 },
        // A multipart body cut inside a part the server skips killed the process (unhandled stream error).
        {
          path: '/api/v1/files',
          method: 'POST',
          headers: { authorization: bearer(user), 'content-type': 'multipart/form-data; boundary=x' },
          body: cut,
          status: 400,
        },
      ];
    for (const c of cases) {
      const res = await rawRequest(base, {
        method: c.method ?? 'GET',
        path: c.path,
        headers: c.headers ?? {},
        body: c.body,
      });
      expect(res.status, c.path).toBe(c.status);
      expect(isErrorEnvelope(parseJson(res.text)), c.path).toBe(true);
      expect((await rawRequest(base, { method: 'GET', path: '/healthz' })).status).toBe(200);
    }
    for (const page of ['/events?regions=%00', '/photographers?regions=%00', '/search?state=PROMOTION&regions=%00']) {
      expect((await rawRequest(base, { method: 'GET', path: page })).status, page).toBeLessThan(500);
    }
  }, 60_000);

  it(`answers ≥ 5,000 generated requests without a 5xx, always with the envelope, and refused writes change nothing`, async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb(), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const problems: string[] = [];
        await pool(batch, CONCURRENCY, async (r) => {
          let res: RawResponse;
          try {
            res = await rawRequest(base, r);
          } catch (err) {
            // A connection closed by the 413 body limit (bodies over 2 MB) or by Node's 16 KB limit on the
            // request head (431) is the server refusing, not failing.
            if (r.body && r.body.length > 2_000_000) return;
            if (r.path.length + Object.values(r.headers).join('').length > 15_000) return;
            problems.push(`${describeRequest(r)}\n    → ${(err as Error).message}`);
            return;
          }
          account(r, res);
          const problem = problemOf(r, res);
          if (problem)
            problems.push(`${problem}: ${describeRequest(r)}\n    → ${res.status} ${res.text.slice(0, 300)}`);
        });
        const health = await rawRequest(base, { method: 'GET', path: '/healthz' }).catch((err: Error) => ({
          status: err.message,
        }));
        if (health.status !== 200) {
          problems.push(
            `/healthz answered ${health.status}; server exit code ${String(server.process.exitCode)}; last log lines:\n${server.logs.join('').split('\n').slice(-15).join('\n')}`,
          );
        }
        if (problems.length > 0)
          throw new Error(`${problems.length} problem(s) (seed ${SEED}):\n${problems.join('\n')}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(stats.sent).toBeGreaterThanOrEqual(process.env['FUZZ_RUNS'] ? 0 : 5_000);
    expect(server.process.exitCode).toBeNull();

    const after = await snapshot();
    expect(after.state).toEqual(before.state);
    expect(after.viewCount).toBe(before.viewCount + stats.victimViewers.size);
    expect(after.events).toBe(before.events + stats.created);
    // Nothing unexpected reached the server's error log.
    const logged = server.logs
      .join('')
      .split('\n')
      .filter((l) => /"level":"error"/.test(l));
    expect(logged).toEqual([]);
  }, 600_000);
});
