/**
 * Applications through the HTTP API: who may do what (a USER applicant, the author, another
 * photographer, an anonymous caller; admins at the service level, applications-service.test.ts), private photos that no URL opens for a stranger, the
 * calendar file, and an event created by an existing client without the new fields.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createEvent, day, newPhotographer, newUser, uniquePicture, upload, type Session } from '../support/api';

const base = inject('baseUrl');

interface Application {
  id: number;
  status: string;
  photos: { name: string; url: string }[];
  contact: string | null;
  history: { from: string | null; to: string; by: string }[];
}

let author: Session;
let applicant: Session;
let other: Session;
let eventId: number;

const inApp = { applyMode: 'IN_APP', externalLink: '', capacity: 5, showPlacesLeft: true };
const intake = (photos: { name: string; url: string }[] = []) => ({
  introduction: '가족 사진을 찍고 싶어요.',
  preferredDates: [day(1)],
  photos,
  contact: '010-0000-1111',
  consent: true,
});

beforeAll(async () => {
  [author, applicant, other] = await Promise.all([
    newPhotographer(base, { withPage: true }),
    newUser(base),
    newPhotographer(base, { withPage: true }),
  ]);
  eventId = (await createEvent(base, author.token, inApp)).id;
}, 60_000);

describe('applications over HTTP', () => {
  it('the applicant applies with private photos that only the applicant and the author can load', async () => {
    const photos = await upload(base, applicant.token, 'APPLICATION_IMAGE', 2, uniquePicture);
    // The upload's own URL is not public.
    expect((await fetch(photos[0]!.url)).status).toBe(404);
    const res = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
      token: applicant.token,
      body: intake(photos),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const app = res.body as Application;
    expect(app.photos).toHaveLength(2);
    const photo = app.photos[0]!.url;
    const load = (token?: string) =>
      fetch(photo, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then((r) => ({
        status: r.status,
        cache: r.headers.get('cache-control'),
        type: r.headers.get('content-type'),
      }));
    expect(await load(applicant.token)).toMatchObject({ status: 200, cache: 'private, no-store', type: 'image/webp' });
    expect((await load(author.token)).status).toBe(200);
    expect((await load(other.token)).status).toBe(404);
    expect((await load()).status).toBe(401);
    // Nor through the public media route, by any spelling of its key.
    const key = /private\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp/.exec(photos[0]!.url)?.[0];
    expect(key).toBeTruthy();
    for (const path of [`/media/${key}`, `/media/${key!.slice('private/'.length)}`])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    // Someone else's private upload cannot be attached.
    const stolen = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
      token: (await newUser(base)).token,
      body: intake(photos),
    });
    expect(stolen.status).toBe(422);
  });

  it('each role may do what the table says, and nothing else', async () => {
    const me = await newUser(base);
    const created = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
      token: me.token,
      body: intake(),
    });
    expect(created.status).toBe(201);
    const id = (created.body as Application).id;
    const move = (token: string | undefined, body: unknown) =>
      call(base, 'POST', `/api/v1/applications/${id}/transitions`, token ? { token, body } : { body });
    const select = { to: 'SELECTED', shootAt: `${day(1)}T14:00:00+09:00`, place: '서울숲' };
    expect((await move(undefined, select)).status).toBe(401);
    expect((await move(other.token, select)).status).toBe(404);
    expect((await move(me.token, select)).body).toMatchObject({ code: 'APPLICATION_TRANSITION_NOT_ALLOWED' });
    expect((await call(base, 'GET', `/api/v1/applications/${id}`, { token: other.token })).status).toBe(404);
    expect((await call(base, 'GET', `/api/v1/promotions/${eventId}/applications`, { token: other.token })).status).toBe(
      403,
    );
    const inbox = await call(base, 'GET', `/api/v1/promotions/${eventId}/applications?status=APPLIED`, {
      token: author.token,
    });
    expect((inbox.body as { items: Application[] }).items.map((a) => a.id)).toContain(id);
    expect((inbox.body as { items: Application[] }).items.find((a) => a.id === id)?.contact).toBeNull();
    const selected = await move(author.token, select);
    expect(selected.status).toBe(200);
    expect(selected.body).toMatchObject({ status: 'SELECTED', contact: '010-0000-1111' });
    expect((await move(author.token, { to: 'CONFIRMED' })).status).toBe(409);
    expect((await move(me.token, { to: 'CONFIRMED' })).body).toMatchObject({ status: 'CONFIRMED' });
    const ics = await fetch(`${base}/api/v1/applications/${id}/calendar.ics`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await ics.text()).toMatch(/BEGIN:VCALENDAR[\s\S]*DTSTART:\d{8}T050000Z[\s\S]*LOCATION:서울숲/);
    const mine = await call(base, 'GET', '/api/v1/users/me/applications', { token: me.token });
    expect((mine.body as { items: Application[] }).items[0]).toMatchObject({ id, status: 'CONFIRMED' });
    const event = await call(base, 'GET', `/api/v1/promotions/${eventId}`, { token: author.token });
    expect(event.body).toMatchObject({ applyMode: 'IN_APP', capacity: 5, placesLeft: 4 });
    expect((event.body as { applicationCount: number }).applicationCount).toBeGreaterThanOrEqual(2);
  });

  it('an event made by an existing client, without the new fields, behaves as today', async () => {
    const old = await createEvent(base, author.token);
    const read = await call(base, 'GET', `/api/v1/promotions/${old.id}`);
    expect(read.body).toMatchObject({ applyMode: 'LINK', externalLink: 'https://forms.gle/apply', capacity: null });
    const refused = await call(base, 'POST', `/api/v1/promotions/${old.id}/applications`, {
      token: applicant.token,
      body: intake(),
    });
    expect(refused.body).toMatchObject({ code: 'PROMOTION_NOT_IN_APP' });
    // An IN_APP event still needs 모집 인원; a LINK one still needs its link.
    expect(
      (await call(base, 'POST', '/api/v1/promotions', { token: author.token, body: { applyMode: 'IN_APP' } })).status,
    ).toBe(400);
  });
});

describe('editing an application', () => {
  it('keeps its photos by the URLs its answer gave, without uploading them again, and takes no one else’s', async () => {
    const me = await newUser(base);
    const photos = await upload(base, me.token, 'APPLICATION_IMAGE', 2, uniquePicture);
    const made = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
      token: me.token,
      body: intake(photos),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const app = made.body as Application;
    const before = await Promise.all(
      app.photos.map(async (p) =>
        (await fetch(p.url, { headers: { authorization: `Bearer ${me.token}` } })).arrayBuffer(),
      ),
    );
    // The second photo kept, first in the list; the first dropped.
    const edited = await call(base, 'PATCH', `/api/v1/applications/${app.id}`, {
      token: me.token,
      body: { ...intake([app.photos[1]!]), introduction: '사진 하나만 남겨요.' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = edited.body as Application;
    expect(after.photos).toHaveLength(1);
    const kept = await fetch(after.photos[0]!.url, { headers: { authorization: `Bearer ${me.token}` } });
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(Buffer.from(before[1]!))).toBe(true);

    // Another application's photo URL, or an index it does not hold, is not a kept photo.
    const other = await newUser(base);
    const theirs = await call(base, 'POST', `/api/v1/promotions/${eventId}/applications`, {
      token: other.token,
      body: intake(await upload(base, other.token, 'APPLICATION_IMAGE', 1, uniquePicture)),
    });
    expect(theirs.status).toBe(201);
    const foreign = (theirs.body as Application).photos[0]!;
    for (const photo of [foreign, { name: 'x', url: after.photos[0]!.url.replace(/\/0$/, '/2') }]) {
      const refused = await call(base, 'PATCH', `/api/v1/applications/${app.id}`, {
        token: me.token,
        body: intake([photo]),
      });
      expect(refused.status).toBe(422);
    }
  });
});
