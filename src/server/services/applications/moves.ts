/** The moves of the transition table (`#lib/applications`), and who hears of each. */
import {
  PLACE_HOLDING,
  TRANSITIONS,
  kstDateOf,
  mayMove,
  validateTransitionInput,
  type ApplicationMove,
} from '#lib/applications';
import { todayKst } from '#lib/deadline';
import { formatShootAt } from '#lib/application-form';
import { notificationText } from '#lib/copy-notifications';
import { paths } from '#lib/paths';
import type { ApplicationResponse } from '#lib/contract';
import type { Principal } from '#server/auth/principal';
import type { Db, Queryable } from '#server/db/index';
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import { conflict, denied, unwrap } from '../errors';
import { notify } from '../notifications';
import { countEvent } from '../statistics-counters';
import { applicationNotFound, getApplication, promotionFull, rowOf, transitionRefused, viewerOf } from './rows';
import type { Row } from './rows';

/**
 * One move of the transition table, by the applicant or the event's author; recorded with who and when.
 * A move the table does not allow is 409 APPLICATION_TRANSITION_NOT_ALLOWED; a selection past the
 * capacity 409 PROMOTION_FULL; anyone else 404 (admins 403: they read, they do not move).
 */
export async function moveApplication(
  db: Db,
  me: Principal,
  id: number,
  body: unknown,
  now = Date.now(),
): Promise<ApplicationResponse> {
  const move = unwrap(validateTransitionInput(body));
  const { promotionId, placesChanged, authorId } = await db.transaction(async (tx) => {
    const row = await rowOf(tx, id, true);
    const viewer = row && viewerOf(row, me);
    if (!row || !viewer) throw applicationNotFound();
    if (viewer === 'ADMIN') throw denied('ACCESS_DENIED', '신청의 상태는 신청한 사람과 작가만 바꿀 수 있어요.');
    if (!mayMove(viewer, row.status, move.to)) throw transitionRefused();
    if (TRANSITIONS[move.to].afterShoot && (!row.shoot_at || todayKst(now) < kstDateOf(row.shoot_at.toISOString())))
      throw conflict('APPLICATION_TRANSITION_NOT_ALLOWED', '촬영일 당일부터 표시할 수 있어요.');
    const holds = PLACE_HOLDING.includes(row.status);
    const willHold = PLACE_HOLDING.includes(move.to);
    const sets: string[] = ['status = $2', 'updated_at = now()'];
    const params: unknown[] = [id, move.to];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (move.to === 'SELECTED') {
      set('shoot_at', move.shootAt);
      set('place', move.place);
      set('message', move.message);
    } else if (move.to === 'DECLINED') set('message', move.message);
    else if (move.to === 'CANCELLED') set('reason', move.reason);
    await tx.query(`update applications set ${sets.join(', ')} where id = $1`, params as never);
    await tx.query(
      `insert into application_history (application_id, from_status, to_status, actor_id, actor_role)
       values ($1, $2, $3, $4, $5)`,
      [id, row.status, move.to, me.id, viewer],
    );
    await notifyMove(tx, row, move, me.id);
    // Last, the rows others share (the event's places, the author's counters): locked for the commit
    // alone. A place not taken rolls all of the above back.
    if (!holds && willHold) {
      const taken = await tx.query<{ id: number }>(
        `update promotions set selected_count = selected_count + 1
          where id = $1 and (capacity is null or selected_count < capacity) returning id`,
        [row.promotion_id],
      );
      if (!taken[0]) throw promotionFull();
    } else if (holds && !willHold) {
      await tx.query('update promotions set selected_count = greatest(selected_count - 1, 0) where id = $1', [
        row.promotion_id,
      ]);
    }
    if (move.to === 'SELECTED') await countEvent(tx, 'selections', row.promotion_id);
    else if (move.to === 'COMPLETED') await countEvent(tx, 'completions', row.promotion_id);
    // A completed shoot counts on the photographer's page for good (migration 17).
    if (move.to === 'COMPLETED')
      await tx.query('update photographer_pages set completed_shoots = completed_shoots + 1 where member_id = $1', [
        row.p_author_id,
      ]);
    return { promotionId: row.promotion_id, placesChanged: holds !== willHold, authorId: row.p_author_id };
  });
  // The event's page may show its places left; the photographer's page its completed shoots.
  if (placesChanged) await announce(changed.places(promotionId));
  if (move.to === 'COMPLETED') await announce(changed.reputation(authorId));
  return getApplication(db, me, id);
}

/**
 * Who hears of a move, in its transaction: the author of a withdrawal, the applicant of a selection, a
 * decline or a cancellation. Each cause is told once (`application:{id}:{state}`); never the mover.
 */
async function notifyMove(
  tx: Queryable,
  row: Row,
  move: {
    to: ApplicationMove;
    shootAt: string | null;
    place: string | null;
    message: string | null;
    reason: string | null;
  },
  actorId: number,
): Promise<void> {
  const dedupeKey = `application:${row.id}:${move.to}`;
  if (move.to === 'WITHDRAWN') {
    await notify(tx, {
      recipientId: row.p_author_id,
      actorId,
      kind: 'APPLICATION_WITHDRAWN',
      ...notificationText.withdrawn(row.p_title, row.m_nickname ?? notificationText.someone),
      link: `${paths.inboxEvent(row.promotion_id)}#application-${row.id}`,
      dedupeKey,
    });
    return;
  }
  if (row.applicant_id === null) return;
  const link = `${paths.myApplications}#application-${row.id}`;
  const text =
    move.to === 'SELECTED'
      ? {
          kind: 'APPLICATION_SELECTED' as const,
          ...notificationText.selected(row.p_title, formatShootAt(move.shootAt ?? ''), move.place ?? '', move.message),
        }
      : move.to === 'DECLINED'
        ? { kind: 'APPLICATION_DECLINED' as const, ...notificationText.declined(row.p_title, move.message) }
        : move.to === 'CANCELLED'
          ? { kind: 'APPLICATION_CANCELLED' as const, ...notificationText.cancelled(row.p_title, move.reason) }
          : move.to === 'COMPLETED'
            ? // The shoot happened: the applicant is asked for a review (issue 43), which only they may write.
              { kind: 'REVIEW_REQUEST' as const, ...notificationText.reviewRequest(row.p_title) }
            : null;
  if (text) await notify(tx, { recipientId: row.applicant_id, actorId, link, dedupeKey, ...text });
}
