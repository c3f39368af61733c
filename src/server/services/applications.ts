/**
 * Applications on 담아봐: applying to an event, the applicant's edits, the author's inbox, every move
 * of the transition table (`#lib/applications`), the private photos, the calendar file, and the jobs
 * that expire undecided applications and delete applicants' data 90 days after an event ends.
 *
 * The number of places taken never exceeds the event's capacity: a selection raises
 * `promotions.selected_count` in the transaction that moves the application, only while it is below
 * the capacity (a check constraint holds it too).
 *
 * Each job is one module of `./applications/`; this file is their public face, the one importers name.
 */
export type { ApplicationResponse, ApplicationInboxEvent as InboxEvent } from '#lib/contract';
export { applicationNotFound, getApplication, photoUrl } from './applications/rows';
export { applicationPhotoKey, keptPhotoIndex, privatePhotoKey } from './applications/photos';
export { applyTo, editApplication } from './applications/apply';
export { moveApplication } from './applications/moves';
export { inboxOf, listForAuthor, listMine } from './applications/lists';
export { calendarOf } from './applications/calendar';
export {
  APPLICATION_RETENTION_DAYS,
  anonymiseApplicationsOf,
  deleteExpiredApplicantData,
  expireUndecided,
} from './applications/retention';
