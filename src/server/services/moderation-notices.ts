/**
 * What moderation tells people (issue 42): the owner of content an admin hid, showed again, kept hidden
 * after another look or deleted, and each reporter whose report was handled. Written in the admin's
 * transaction, like every notification, so the action and its notices commit together.
 */
import { notificationText } from '#lib/copy-notifications';
import { paths } from '#lib/paths';
import type { ReportTargetType } from '#lib/rules/report';
import type { Queryable } from '#server/db/index';
import { notify } from './notifications';

export type OwnerNotice = 'HIDE' | 'UNHIDE' | 'KEEP_HIDDEN' | 'DELETE';

/** Each kind of content: its owner, what it is called now, and where its owner reads about it. */
const OWNED: Record<Exclude<ReportTargetType, 'APPLICATION'>, { sql: string; link: (id: number) => string }> = {
  PROMOTION: { sql: 'select author_id as owner, title as name from promotions where id = $1', link: paths.event },
  PHOTOGRAPHER: { sql: 'select id as owner, nickname as name from members where id = $1', link: paths.photographer },
  REVIEW: {
    sql: 'select author_id as owner, left(text, 40) as name from reviews where id = $1',
    link: () => paths.myApplications,
  },
};

/** Tells the owner what an admin did to their content; `logId` (the action's log row) names the cause. */
export async function tellOwner(
  tx: Queryable,
  action: OwnerNotice,
  type: ReportTargetType,
  id: number,
  reason: string,
  logId: number,
): Promise<void> {
  if (type === 'APPLICATION') return;
  const owned = OWNED[type];
  const rows = await tx.query<{ owner: number | null; name: string }>(owned.sql, [id]);
  const row = rows[0];
  if (!row || row.owner === null) return;
  const what = notificationText.targetNoun[type];
  const text =
    action === 'HIDE'
      ? notificationText.moderated.HIDE(what, row.name, reason)
      : notificationText.moderated[action](what, row.name);
  await notify(tx, {
    recipientId: row.owner,
    actorId: null,
    kind: 'CONTENT_MODERATED',
    ...text,
    // A deleted event has no page left to open.
    link: action === 'DELETE' && type === 'PROMOTION' ? paths.myPage : owned.link(id),
    dedupeKey: `moderation:${logId}`,
  });
}

/** Tells each reporter (those still members) that their report on a target was handled. */
export async function tellReporters(
  tx: Queryable,
  reports: readonly { id: number; reporter_id: number | null }[],
  type: ReportTargetType,
  id: number,
  outcome: 'HIDDEN' | 'DELETED' | 'DISMISSED',
): Promise<void> {
  if (reports.length === 0) return;
  const [label] = await tx.query<{ name: string | null }>(
    `select case $1::text when 'PROMOTION' then (select title from promotions where id = $2)
                          when 'REVIEW' then (select left(text, 40) from reviews where id = $2)
                          when 'APPLICATION' then (select p.title from applications a join promotions p on p.id = a.promotion_id where a.id = $2)
                          else (select nickname from members where id = $2) end as name`,
    [type, id],
  );
  const text = notificationText.reportHandled(notificationText.targetNoun[type], label?.name ?? '', outcome);
  for (const r of reports) {
    if (r.reporter_id === null) continue;
    await notify(tx, {
      recipientId: r.reporter_id,
      actorId: null,
      kind: 'REPORT_HANDLED',
      ...text,
      link: paths.notifications,
      dedupeKey: `report:${r.id}:handled`,
    });
  }
}
