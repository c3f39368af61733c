/**
 * Creating and updating events from request bodies: the shared rules, then the checks that need the
 * database (authorship, issued images), then the service, in one transaction.
 */
import { todayKst } from '#lib/deadline';
import { validatePromotionInput } from '#lib/rules/promotion';
import type { Principal } from '#server/auth/principal';
import type { Db } from '#server/db/index';
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import { unwrap } from './errors';
import { assertImagesIssuedTo } from './files';
import { createPromotion, notYours, promotionNotFound, promotionOwnership, updatePromotion } from './promotions';
import type { PromotionResponse } from '#lib/contract';

export async function createPromotionFromBody(db: Db, author: Principal, body: unknown): Promise<PromotionResponse> {
  const input = unwrap(validatePromotionInput(body, { today: todayKst(), checkStart: true }));
  const created = await db.transaction(async (tx) => {
    await assertImagesIssuedTo(tx, author.id, input.images, 'images');
    return createPromotion(tx, author, input);
  });
  await announce(changed.event(created.id, author.id));
  return created;
}

/** Only the author edits; startedAt is checked against today only when it changes. */
export async function updatePromotionFromBody(
  db: Db,
  editor: Principal,
  id: number,
  body: unknown,
): Promise<PromotionResponse> {
  const current = await promotionOwnership(db, id);
  if (!current) throw promotionNotFound();
  if (current.authorId !== editor.id) throw notYours(current);
  const startedAt = (body as { startedAt?: unknown } | null)?.startedAt;
  const input = unwrap(
    validatePromotionInput(body, { today: todayKst(), checkStart: startedAt !== current.startedAt }),
  );
  const { isAuthorHidden: _ignored, ...rest } = input;
  const updated = await db.transaction(async (tx) => {
    await assertImagesIssuedTo(tx, editor.id, rest.images, 'images', { keep: current.imageRefs });
    return updatePromotion(tx, editor, id, rest);
  });
  // Only the author edits.
  await announce(changed.event(id, editor.id));
  return updated;
}
