/** The agreed shoot as an iCalendar file. */
import { CONTACT_SHARED } from '#lib/applications';
import type { Principal } from '#server/auth/principal';
import { getConfig } from '#server/config';
import type { Queryable } from '#server/db/index';
import { conflict } from '../errors';
import { applicationNotFound, rowOf, viewerOf } from './rows';

const icsText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The shoot as an iCalendar file, for the applicant and the author once a date is agreed. */
export async function calendarOf(db: Queryable, me: Principal, id: number): Promise<string> {
  const row = await rowOf(db, id);
  const viewer = row && viewerOf(row, me);
  if (!row || !viewer) throw applicationNotFound();
  if (!row.shoot_at || !CONTACT_SHARED.includes(row.status))
    throw conflict('APPLICATION_TRANSITION_NOT_ALLOWED', '촬영 일정이 정해진 뒤에 받을 수 있어요.');
  const start = row.shoot_at;
  const end = new Date(start.getTime() + 60 * 60 * 1000);
  const link = `${getConfig().publicOrigin}/event/${row.promotion_id}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//damabwa//applications//KO',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:application-${row.id}@damabwa`,
    `DTSTAMP:${icsTime(new Date())}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(`담아봐 촬영: ${row.p_title}`)}`,
    ...(row.place ? [`LOCATION:${icsText(row.place)}`] : []),
    `DESCRIPTION:${icsText([row.message ?? '', link].filter(Boolean).join('\n'))}`,
    `URL:${link}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
