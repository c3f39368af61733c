/**
 * Hidden content and its owner (issue 44, item 7): the owner reads what of theirs is hidden and why, may
 * ask for another look once per hiding (다시 검토 요청), and an admin answers by showing it again
 * (unhide, in moderation.ts) or keeping it hidden (logged as KEEP_HIDDEN). Either answer clears the request.
 */
import type { HiddenItem, HiddenItemType } from '#lib/contract-moderation';
import type { Principal } from '#server/auth/principal';
import type { Db, Queryable } from '#server/db/index';
import { conflict, notFound } from './errors';
import { record } from './moderation';
import { photographerNotFound } from './photographers';
import { promotionNotFound } from './promotions';

/** The admin's queue shows this many requests, oldest first; an owner has few hidden targets. */
export const REVIEW_REQUESTS_SHOWN = 50;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Each kind of hidden target, for the statements below: its table, key and owner columns, where its
 * name is read from (`t` the table) and the 404 of a target that is not the caller's or not hidden.
 */
const TARGETS: Record<
  HiddenItemType,
  { table: string; key: string; owner: string; from: string; name: string; missing: () => Error }
> = {
  PROMOTION: {
    table: 'promotions',
    key: 'id',
    owner: 'author_id',
    from: 'promotions t',
    name: 't.title',
    missing: promotionNotFound,
  },
  PHOTOGRAPHER: {
    table: 'photographer_pages',
    key: 'member_id',
    owner: 'member_id',
    from: 'photographer_pages t join members m on m.id = t.member_id',
    name: 'm.nickname',
    missing: photographerNotFound,
  },
};

interface HiddenRow {
  type: HiddenItemType;
  id: number;
  name: string;
  hidden_at: Date;
  hidden_reason: string;
  review_requested_at: Date | null;
}

/** Hidden targets of one owner, or (`requested`) those awaiting another look, oldest request first. */
export async function hiddenItems(
  db: Queryable,
  filter: { ownerId: number } | { requested: true },
): Promise<HiddenItem[]> {
  const where = 'ownerId' in filter ? 'owner = $1' : 'review_requested_at is not null';
  const selects = (Object.keys(TARGETS) as HiddenItemType[]).map((type) => {
    const t = TARGETS[type];
    return `select '${type}' as type, t.${t.key} as id, ${t.name} as name, t.${t.owner} as owner,
                   t.hidden_at, t.hidden_reason, t.review_requested_at
              from ${t.from} where t.hidden_at is not null`;
  });
  const rows = await db.query<HiddenRow>(
    `select type, id, name, hidden_at, hidden_reason, review_requested_at
       from (${selects.join(' union all ')}) h
      where ${where}
      order by ${'ownerId' in filter ? 'hidden_at desc' : 'review_requested_at'}
      limit ${REVIEW_REQUESTS_SHOWN}`,
    'ownerId' in filter ? [filter.ownerId] : [],
  );
  return rows.map((r) => ({
    type: r.type,
    id: Number(r.id),
    name: r.name,
    hiddenAt: iso(r.hidden_at),
    hiddenReason: r.hidden_reason,
    reviewRequestedAt: r.review_requested_at ? iso(r.review_requested_at) : null,
  }));
}

export const reviewAlreadyRequested = () =>
  conflict('REVIEW_ALREADY_REQUESTED', '이미 다시 검토를 요청했어요. 관리자가 확인하면 알려 드릴게요.');

/** The owner asks for another look at their hidden target; 404 unless it is theirs and hidden. */
export async function requestReview(db: Queryable, owner: Principal, type: HiddenItemType, id: number): Promise<void> {
  const { table, key, owner: ownerColumn, missing } = TARGETS[type];
  const rows = await db.query<{ requested: boolean }>(
    `with asked as (
       update ${table} set review_requested_at = now()
        where ${key} = $1 and ${ownerColumn} = $2 and hidden_at is not null and review_requested_at is null
        returning 1
     )
     select exists (select 1 from asked) as requested`,
    [id, owner.id],
  );
  if (rows[0]?.requested) return;
  const waiting = await db.query(
    `select 1 as ok from ${table} where ${key} = $1 and ${ownerColumn} = $2 and hidden_at is not null`,
    [id, owner.id],
  );
  throw waiting.length > 0 ? reviewAlreadyRequested() : missing();
}

export const reviewRequestNotFound = () => notFound('REVIEW_REQUEST_NOT_FOUND', '답할 검토 요청을 찾을 수 없어요.');

/** An admin looked again and keeps the target hidden: the request is answered and logged. */
export async function keepHidden(
  db: Db,
  admin: Principal,
  type: HiddenItemType,
  id: number,
  note: string,
): Promise<void> {
  const { table, key } = TARGETS[type];
  await db.transaction(async (tx) => {
    const rows = await tx.query(
      `update ${table} set review_requested_at = null
        where ${key} = $1 and review_requested_at is not null returning 1 as ok`,
      [id],
    );
    if (rows.length === 0) throw reviewRequestNotFound();
    await record(tx, admin, 'KEEP_HIDDEN', type, id, note, 0);
  });
}
