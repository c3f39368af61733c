/**
 * Every write route declares what it changes that shared answers show. The declaration lives with the
 * service that makes the write: it announces its change once committed (`cache/announce.ts`), so every
 * writer (an endpoint, `npm run admin`, a job) invalidates the same way. A write that changes nothing a
 * shared answer shows says why here. A new write route that is in neither list fails this test.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiEndpointFiles } from '../security/lib';

/** Routes whose service announces its change: the service function, as `file#function`. */
const ANNOUNCED: Record<string, string> = {
  'POST /api/v1/promotions': 'promotion-writes#createPromotionFromBody',
  'PUT /api/v1/promotions/{id}': 'promotion-writes#updatePromotionFromBody',
  'PATCH /api/v1/promotions/{id}': 'promotion-writes#updatePromotionFromBody',
  'DELETE /api/v1/promotions/{id}': 'promotions#deletePromotion',
  'POST /api/v1/photographers/me/registration': 'registration#registerPhotographer',
  'PUT /api/v1/photographers/me/profile': 'registration#updatePhotographerProfile',
  'PATCH /api/v1/photographers/me/profile': 'registration#updatePhotographerProfile',
  'PUT /api/v1/photographers/me/page': 'registration#updatePhotographerPage',
  'PATCH /api/v1/photographers/me/page': 'registration#updatePhotographerPage',
  'PUT /api/v1/users/me/profile': 'registration#updateUserProfile',
  'PATCH /api/v1/users/me/profile': 'registration#updateUserProfile',
  'DELETE /api/v1/users/me': 'members#withdrawMember',
  'POST /api/v1/admin/promotions/{id}/hide': 'moderation#hidePromotion',
  'POST /api/v1/admin/promotions/{id}/unhide': 'moderation#unhidePromotion',
  'DELETE /api/v1/admin/promotions/{id}': 'moderation#moderatorDeletePromotion',
  'POST /api/v1/admin/photographers/{id}/hide': 'moderation#setPhotographerHidden',
  'POST /api/v1/admin/photographers/{id}/unhide': 'moderation#setPhotographerHidden',
  'POST /api/v1/applications/{id}/transitions': 'applications/moves#moveApplication',
  'POST /api/v1/applications/{id}/review': 'reviews#writeReview',
  'PATCH /api/v1/reviews/{id}': 'reviews#editReview',
  'DELETE /api/v1/reviews/{id}': 'reviews#deleteReview',
  'POST /api/v1/reviews/{id}/reply': 'reviews#replyToReview',
  'POST /api/v1/admin/reviews/{id}/hide': 'moderation#setReviewHidden',
  'POST /api/v1/admin/reviews/{id}/unhide': 'moderation#setReviewHidden',
};

/** Writes that change nothing a shared answer shows, and why. */
const NOTHING_SHARED: Record<string, string> = {
  'POST /api/v1/auth/login': 'a session; a new member shows nowhere until they register',
  'POST /api/v1/auth/refresh': 'a session',
  'POST /api/v1/auth/logout': 'a session; every request reads it',
  'POST /api/v1/files': 'an upload is shown only once a write names it',
  'POST /api/v1/promotions/{id}/save': 'save counts on shared answers may lag the max age (decision 009)',
  'DELETE /api/v1/promotions/{id}/unsave': 'save counts on shared answers may lag the max age (decision 009)',
  'POST /api/v1/photographers/{id}/save': 'save counts on shared answers may lag the max age (decision 009)',
  'DELETE /api/v1/photographers/{id}/unsave': 'save counts on shared answers may lag the max age (decision 009)',
  'POST /api/v1/users/me/registration': 'a USER shows on no shared page',
  'POST /api/v1/reports': 'reports show only on /admin, which is never shared',
  'POST /api/v1/admin/reports/{id}/dismiss': 'reports show only on /admin, which is never shared',
  'POST /api/v1/admin/reports/dismiss-by-reporter': 'reports show only on /admin, which is never shared',
  'POST /api/v1/promotions/{id}/applications': 'an application shows only to its applicant and the author',
  'PUT /api/v1/applications/{id}': 'an application shows only to its applicant and the author',
  'PATCH /api/v1/applications/{id}': 'an application shows only to its applicant and the author',
  'POST /api/v1/users/me/consents': 'consents show only to the member (내 정보)',
  'DELETE /api/v1/users/me/consents/{kind}': 'consents show only to the member (내 정보)',
  'POST /api/v1/search/popular': 'a count per day and keyword; the popular list may lag the max age',
  'POST /api/v1/users/me/notifications/read': 'notifications show only to their recipient, fetched after paint',
  'PUT /api/v1/users/me/notification-settings': 'settings show only to the member (my page)',
  'POST /api/v1/users/me/push-subscriptions': 'a browser subscribed shows on no page',
  'DELETE /api/v1/users/me/push-subscriptions': 'a browser subscribed shows on no page',
  'POST /api/v1/promotions/{id}/review-request': 'a hidden event shows only to its author and admins',
  'POST /api/v1/photographers/me/review-request': 'a hidden page shows only to its owner and admins',
  'POST /api/v1/admin/promotions/{id}/keep-hidden': 'it stays hidden: only its author and admins see it',
  'POST /api/v1/admin/photographers/{id}/keep-hidden': 'it stays hidden: only its owner and admins see it',
};

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The body of an exported function of a service module, up to the next top-level declaration. */
function functionBody(module: string, name: string): string {
  const source = readFileSync(`src/server/services/${module}.ts`, 'utf8');
  const start = source.search(new RegExp(`export async function ${name}\\b`));
  if (start < 0) return '';
  const rest = source.slice(start + 1);
  const end = rest.search(/\n(export |function |async function |const |\/\*\*)/);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('write declarations', () => {
  const routes = apiEndpointFiles().flatMap((f) =>
    f.methods.filter((m) => WRITE_METHODS.includes(m)).map((m) => ({ key: `${m} ${f.route}`, file: f.file })),
  );

  it('lists every write route as announcing or changing nothing shared (a new write route must declare)', () => {
    const declared = new Set([...Object.keys(ANNOUNCED), ...Object.keys(NOTHING_SHARED)]);
    expect(routes.filter((r) => !declared.has(r.key)).map((r) => r.key)).toEqual([]);
    expect([...declared].filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
    for (const key of Object.keys(ANNOUNCED)) expect(NOTHING_SHARED[key], key).toBeUndefined();
  });

  it.each(Object.entries(ANNOUNCED))('%s: its route calls %s, which announces its change', (key, at) => {
    const [module = '', name = ''] = at.split('#');
    const route = routes.find((r) => r.key === key);
    expect(route, key).toBeDefined();
    expect(readFileSync(route!.file, 'utf8')).toContain(`${name}(`);
    expect(functionBody(module, name), at).toMatch(/\bawait announce\([^;]*\bchanged\.\w+\(/);
  });

  it('no route invalidates by hand: the services announce', () => {
    for (const r of routes) {
      const source = readFileSync(r.file, 'utf8');
      expect(source, r.file).not.toMatch(/\binvalidate(Tags|AfterWrite)?\(|\bannounce\(/);
    }
  });
});
