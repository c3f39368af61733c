/**
 * Applications on 담아봐 as the islands need them (issue 40), pure: the intake form's fields and the
 * transitions its inputs make, the body it sends (checked by the one rule, `validateApplicationInput`),
 * the shoot's date and time in Korea, and which buttons an application shows to whom. The rules and the
 * transition table are `./applications`; nothing here decides anything the server does not.
 */
import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  TRANSITIONS,
  kstDateOf,
  movesFor,
  validateApplicationInput,
  type ApplicationMove,
  type IntakeContext,
} from './applications';
import type { ApplicationBody, ApplicationResponse } from './contract';
import { KST_OFFSET_MS, isValidDate, todayKst } from './deadline';
import type { Image } from './domain';
import { sliceGraphemes } from './text';

export interface IntakeFields {
  instagramId: string;
  introduction: string;
  /** `YYYY-MM-DD`, sorted, at most 5. */
  preferredDates: string[];
  contact: string;
  /** 개인정보 제3자 제공 동의 (asked when applying, not when editing). */
  consent: boolean;
}

export const EMPTY_INTAKE: IntakeFields = {
  instagramId: '',
  introduction: '',
  preferredDates: [],
  contact: '',
  consent: false,
};

/** A new application: the Instagram id comes from the member's profile. */
export function intakeForMember(me: { instagramId: string | null }): IntakeFields {
  return { ...EMPTY_INTAKE, instagramId: me.instagramId ?? '' };
}

/** Editing an application: what it holds (the consent was given when applying). */
export function intakeFromApplication(a: ApplicationResponse): IntakeFields {
  return {
    instagramId: a.instagramId ?? '',
    introduction: a.introduction,
    preferredDates: [...a.preferredDates],
    contact: a.contact ?? '',
    consent: true,
  };
}

/** The Instagram id as typed: no '@' in front, no spaces, at most 30 characters. */
export function withInstagram(fields: IntakeFields, input: string): IntakeFields {
  const value = input.replace(/^\s*@/, '').replace(/\s+/g, '').slice(0, APPLICATION_LIMITS.instagramId);
  return { ...fields, instagramId: value };
}

/** 자기소개 as typed: input beyond 300 characters is ignored. */
export function withIntroduction(fields: IntakeFields, input: string): IntakeFields {
  return { ...fields, introduction: sliceGraphemes(input, APPLICATION_LIMITS.introduction) };
}

/** 연락처 as typed: one line, input beyond 100 characters ignored. */
export function withContact(fields: IntakeFields, input: string): IntakeFields {
  return { ...fields, contact: sliceGraphemes(input.replace(/[\r\n]+/g, ' '), APPLICATION_LIMITS.contact) };
}

export function withConsent(fields: IntakeFields, consent: boolean): IntakeFields {
  return { ...fields, consent };
}

export interface EventPeriod {
  startedAt: string;
  endedAt: string;
}

/** The dates the picker offers: from the later of the event's start and today (KST) to its end. */
export function dateBounds(period: EventPeriod, today: string = todayKst()): { min: string; max: string } {
  return { min: period.startedAt > today ? period.startedAt : today, max: period.endedAt };
}

/**
 * A picked date joins the list (kept sorted): a date outside the event is refused with the rule's
 * message, a sixth too; one already there changes nothing.
 */
export function withDateAdded(
  fields: IntakeFields,
  date: string,
  period: EventPeriod,
): { fields: IntakeFields; message: string | null } {
  if (!isValidDate(date)) return { fields, message: null };
  if (date < period.startedAt || date > period.endedAt) return { fields, message: APPLICATION_MESSAGES.dateOutside };
  if (fields.preferredDates.includes(date)) return { fields, message: null };
  if (fields.preferredDates.length >= APPLICATION_LIMITS.preferredDates)
    return { fields, message: APPLICATION_MESSAGES.datesTooMany };
  return { fields: { ...fields, preferredDates: [...fields.preferredDates, date].sort() }, message: null };
}

export function withDateRemoved(fields: IntakeFields, date: string): IntakeFields {
  return { ...fields, preferredDates: fields.preferredDates.filter((d) => d !== date) };
}

export type IntakeField = 'instagramId' | 'introduction' | 'preferredDates' | 'photos' | 'contact' | 'consent';

function rawBody(fields: IntakeFields, photos: readonly Image[], requireConsent: boolean): ApplicationBody {
  return {
    introduction: fields.introduction,
    preferredDates: fields.preferredDates,
    instagramId: fields.instagramId.trim() === '' ? null : fields.instagramId.trim(),
    photos: photos.map((p) => ({ name: p.name, url: p.url })),
    contact: fields.contact.trim() === '' ? null : fields.contact.trim(),
    ...(requireConsent && fields.consent ? { consent: true as const } : {}),
  };
}

/** Each field not filled correctly yet, with the rule's Korean message (empty when it can be sent). */
export function intakeProblems(
  fields: IntakeFields,
  photos: readonly Image[],
  event: IntakeContext,
  options: { requireConsent: boolean },
): Partial<Record<IntakeField, string>> {
  const r = validateApplicationInput(rawBody(fields, photos, options.requireConsent), event, options);
  if (r.ok) return {};
  if (r.kind === 'BAD_REQUEST') return { [r.field as IntakeField]: r.message };
  const problems: Partial<Record<IntakeField, string>> = {};
  for (const e of r.errors) problems[e.field as IntakeField] ??= e.message;
  return problems;
}

/**
 * The body of `POST /promotions/{id}/applications` (with the consent) or of an edit (without), or null
 * while a rule is broken: the button sends only what the server takes.
 */
export function intakeBody(
  fields: IntakeFields,
  photos: readonly Image[],
  event: IntakeContext,
  options: { requireConsent: boolean },
): ApplicationBody | null {
  const body = rawBody(fields, photos, options.requireConsent);
  return validateApplicationInput(body, event, options).ok ? body : null;
}

// --- dates and times in Korea ---

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

/** `2026-11-28` → `11월 28일 (토)`. */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
  return `${m}월 ${d}일 (${weekday})`;
}

/** The shoot's date and time (KST) as the transition takes it: an ISO date-time, or null when incomplete. */
export function shootAtFrom(date: string, time: string): string | null {
  if (!isValidDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const t = new Date(`${date}T${time}:00+09:00`);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/** An ISO date-time shown in Korea: `11월 28일 (토) 오후 2:00`. */
export function formatShootAt(iso: string): string {
  const kst = new Date(new Date(iso).getTime() + KST_OFFSET_MS);
  const hours = kst.getUTCHours();
  const minutes = String(kst.getUTCMinutes()).padStart(2, '0');
  const half = hours < 12 ? '오전' : '오후';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatShortDate(kstDateOf(iso))} ${half} ${h12}:${minutes}`;
}

/** An ISO instant's day in Korea, shown short: `11월 28일 (토)`. */
export function formatKstDay(iso: string): string {
  return formatShortDate(kstDateOf(iso));
}

// --- which buttons ---

/** The author's moves of an application now: the table's, those after the shoot only from its date (KST). */
export function authorMoves(a: Pick<ApplicationResponse, 'status' | 'shootAt'>, now = Date.now()): ApplicationMove[] {
  return movesFor('AUTHOR', a.status).filter(
    (m) => !TRANSITIONS[m].afterShoot || (a.shootAt !== null && todayKst(now) >= kstDateOf(a.shootAt)),
  );
}

/** The applicant's moves of an application (참여 확정, 신청 취소), as the table says. */
export function applicantMoves(a: Pick<ApplicationResponse, 'status'>): ApplicationMove[] {
  return movesFor('APPLICANT', a.status);
}

/** An application's photo, as fetched with the token: the API path of its n-th photo. */
export function applicationPhotoPath(applicationId: number, index: number): string {
  return `/applications/${applicationId}/photos/${index}`;
}
