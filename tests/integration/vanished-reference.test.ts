/**
 * A write whose referent is deleted by another request after its checks passed (a member withdrawing
 * while their event is being posted, an event deleted while someone applies) breaks a foreign key in
 * the database. The API answers that as 404 with the envelope, never 500: the fuzzer found the race on
 * PostgreSQL when a withdrawal and a post of the same member ran side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '#server/http/respond';
import { withdrawMember } from '#server/services/members';
import { createPromotion } from '#server/services/promotions';
import type { Db } from '#server/db/index';
import { insertPhotographer, openTestDb, promotionInput } from '../support/db';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('a write racing a deletion', () => {
  it('an event posted by a member who withdrew meanwhile answers 404 NOT_FOUND, not 500', async () => {
    // The request authenticated and checked its pictures; the withdrawal commits before its insert.
    const author = await insertPhotographer(db);
    await withdrawMember(db, author.id);
    const err = await createPromotion(db, author, promotionInput()).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as { code?: string } | null)?.code).toBe('23503');
    const res = toErrorResponse(err, 'test');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toMatch(/삭제되었어요/);
  });
});
