/** The lists of applications: an event's for its author, the caller's own, and the author's inbox. */
import type { ApplicationStatus } from '#lib/applications';
import { toPage, type Page, type PageRequest } from '#lib/page';
import type { ApplicationInboxEvent, ApplicationResponse } from '#lib/contract';
import type { Principal } from '#server/auth/principal';
import type { Queryable } from '#server/db/index';
import { planGeneric } from '#server/db/plan-generic';
import { denied, notFound } from '../errors';
import { ROW_SQL, toResponse, viewerOf, type EventRow, type Row } from './rows';

/** An event's applications for its author (or an admin), newest first, optionally in one state. */
export async function listForAuthor(
  db: Queryable,
  me: Principal,
  promotionId: number,
  status: ApplicationStatus | null,
  page: PageRequest,
): Promise<Page<ApplicationResponse>> {
  const owner = await db.query<{ author_id: number }>(planGeneric('select author_id from promotions where id = $1'), [
    promotionId,
  ]);
  if (!owner[0]) throw notFound('PROMOTION_NOT_FOUND', '이벤트를 찾을 수 없어요.');
  if (owner[0].author_id !== me.id && !me.roles.includes('ADMIN'))
    throw denied('ACCESS_DENIED', '이벤트를 올린 작가만 신청자를 볼 수 있어요.');
  const where = status ? 'a.promotion_id = $1 and a.status = $2' : 'a.promotion_id = $1';
  const params = status ? [promotionId, status] : [promotionId];
  const [count] = await db.query<{ n: number }>(
    planGeneric(`select count(*)::int as n from applications a where ${where}`),
    params,
  );
  const rows = await db.query<Row>(
    planGeneric(
      `${ROW_SQL} where ${where} order by a.id desc limit ${page.pageSize} offset ${page.page * page.pageSize}`,
    ),
    params,
  );
  return toPage(
    rows.map((r) => toResponse(r, viewerOf(r, me) ?? 'ADMIN')),
    count?.n ?? 0,
    page,
  );
}

/** The caller's own applications, newest first. */
export async function listMine(db: Queryable, me: Principal, page: PageRequest): Promise<Page<ApplicationResponse>> {
  const [count] = await db.query<{ n: number }>(
    planGeneric('select count(*)::int as n from applications where applicant_id = $1'),
    [me.id],
  );
  const rows = await db.query<Row>(
    planGeneric(`${ROW_SQL} where a.applicant_id = $1 order by a.id desc limit $2 offset $3`),
    [me.id, page.pageSize, page.page * page.pageSize],
  );
  return toPage(
    rows.map((r) => toResponse(r, 'APPLICANT')),
    count?.n ?? 0,
    page,
  );
}

/** The author's events that take applications on 담아봐, newest first, with their counts. */
export async function inboxOf(db: Queryable, me: Principal): Promise<ApplicationInboxEvent[]> {
  const rows = await db.query<
    Pick<EventRow, 'id' | 'title' | 'started_at' | 'ended_at' | 'apply_mode' | 'capacity' | 'selected_count'> & {
      total: number;
      waiting: number;
    }
  >(
    `select p.id, p.title, p.started_at, p.ended_at, p.apply_mode, p.capacity, p.selected_count,
            count(a.id)::int as total, count(a.id) filter (where a.status = 'APPLIED')::int as waiting
       from promotions p left join applications a on a.promotion_id = p.id
      where p.author_id = $1 and p.apply_mode <> 'LINK' and (p.deleted_at is null or p.hidden_at is not null)
      group by p.id order by p.id desc limit 100`,
    [me.id],
  );
  return rows.map((r) => ({
    promotionId: r.id,
    title: r.title,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    applyMode: r.apply_mode,
    capacity: r.capacity,
    applicationCount: r.total,
    waitingCount: r.waiting,
    selectedCount: r.selected_count,
  }));
}
