/**
 * Applications on 담아봐: their states, the one transition table (who may move an application, from
 * where, to where, with what), the intake rules and the consent the applicant gives. Shared by the
 * islands (which buttons to show, the form's messages) and the server (which moves to refuse).
 */
import { labelled } from './domain';
import { graphemeLength } from './text';
import { FieldErrors, type PayloadResult } from './rules/result';
import { readPayload, requiredEnum } from './rules/payload';
import { checkVisibleText } from './rules/visible-text';
import { SINGLE_LINE_CONTROLS } from './rules/common';

export const APPLY_MODES = ['LINK', 'IN_APP', 'BOTH'] as const;
export type ApplyMode = (typeof APPLY_MODES)[number];

/** Events take applications on 담아봐 when their mode says so. */
export const takesInAppApplications = (mode: ApplyMode): boolean => mode !== 'LINK';

export const [APPLICATION_STATUSES, APPLICATION_STATUS_LABELS] = labelled({
  APPLIED: '신청함',
  SELECTED: '선정됨',
  CONFIRMED: '참여 확정',
  COMPLETED: '촬영 완료',
  NO_SHOW: '불참',
  DECLINED: '미선정',
  WITHDRAWN: '신청 취소',
  CANCELLED: '선정 취소',
  EXPIRED: '기간 만료',
});
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** States in which the application is still going: one such per member and event. */
export const ACTIVE_STATUSES: readonly ApplicationStatus[] = ['APPLIED', 'SELECTED', 'CONFIRMED'];
/** States that hold one of the event's places. */
export const PLACE_HOLDING: readonly ApplicationStatus[] = ['SELECTED', 'CONFIRMED', 'COMPLETED', 'NO_SHOW'];
/** States in which the two sides see each other's contact details. */
export const CONTACT_SHARED: readonly ApplicationStatus[] = ['SELECTED', 'CONFIRMED', 'COMPLETED', 'NO_SHOW'];

/** Who moves an application: its applicant, or the event's author. Nobody else moves one. */
export type ApplicationActor = 'APPLICANT' | 'AUTHOR';

/** Moves a caller may ask for (EXPIRED is the system's, when an event ends undecided). */
export const APPLICATION_MOVES = [
  'SELECTED',
  'DECLINED',
  'CONFIRMED',
  'WITHDRAWN',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
] as const;
export type ApplicationMove = (typeof APPLICATION_MOVES)[number];

export interface Transition {
  from: readonly ApplicationStatus[];
  by: ApplicationActor;
  /** What the move needs in its body. */
  needs: readonly ('shootAt' | 'place' | 'reason')[];
  /** Only on or after the agreed shoot date (KST). */
  afterShoot?: true;
}

/** The transition table: every allowed move; anything else is refused. */
export const TRANSITIONS: Record<ApplicationMove, Transition> = {
  SELECTED: { from: ['APPLIED'], by: 'AUTHOR', needs: ['shootAt', 'place'] },
  DECLINED: { from: ['APPLIED'], by: 'AUTHOR', needs: [] },
  CONFIRMED: { from: ['SELECTED'], by: 'APPLICANT', needs: [] },
  WITHDRAWN: { from: ['APPLIED', 'SELECTED'], by: 'APPLICANT', needs: [] },
  CANCELLED: { from: ['SELECTED', 'CONFIRMED'], by: 'AUTHOR', needs: ['reason'] },
  COMPLETED: { from: ['CONFIRMED'], by: 'AUTHOR', needs: [], afterShoot: true },
  NO_SHOW: { from: ['CONFIRMED'], by: 'AUTHOR', needs: [], afterShoot: true },
};

/** Whether `actor` may move an application in `status` to `to` (the shoot date aside). */
export function mayMove(actor: ApplicationActor, status: ApplicationStatus, to: ApplicationMove): boolean {
  const t = TRANSITIONS[to];
  return t.by === actor && t.from.includes(status);
}

/** The moves `actor` can make from `status`, for the buttons a page shows. */
export function movesFor(actor: ApplicationActor, status: ApplicationStatus): ApplicationMove[] {
  return APPLICATION_MOVES.filter((m) => mayMove(actor, status, m));
}

/** The applicant edits their application only until the author decides. */
export const isEditable = (status: ApplicationStatus): boolean => status === 'APPLIED';

// --- the intake ---

export const APPLICATION_LIMITS = {
  introduction: 300,
  preferredDates: 5,
  photos: 3,
  contact: 100,
  instagramId: 30,
  place: 100,
  message: 300,
  reason: 300,
} as const;

/** The consent's version: a new text is a new version, and applications record the one they gave. */
export const APPLICATION_CONSENT_VERSION = '2026-11-27';

/** 개인정보 제3자 제공 동의: who receives it, which items, for what, kept until when. */
export function applicationConsentText(photographer: string): string {
  return [
    `제공받는 자: ${photographer} (이 이벤트의 작가)`,
    '제공 항목: 닉네임, 프로필 사진, 인스타그램 아이디, 자기소개, 희망 촬영일, 참고 사진, 연락처(선정된 경우에만)',
    '이용 목적: 촬영 이벤트 참가자 선정과 촬영 일정 안내',
    '보유 기간: 이벤트 종료 후 90일까지 (그 뒤 자동 삭제)',
    '동의하지 않으면 담아봐로 신청할 수 없어요.',
  ].join('\n');
}

export const APPLICATION_MESSAGES = {
  introductionEmpty: '자기소개를 입력해 주세요.',
  introductionTooLong: `자기소개는 ${APPLICATION_LIMITS.introduction}자 이내로 입력해 주세요.`,
  datesTooMany: `희망 촬영일은 ${APPLICATION_LIMITS.preferredDates}개까지 고를 수 있어요.`,
  dateOutside: '희망 촬영일은 이벤트 기간 안에서 골라 주세요.',
  photosTooMany: `참고 사진은 ${APPLICATION_LIMITS.photos}장까지 첨부할 수 있어요.`,
  photosRequired: '이 이벤트는 참고 사진을 1장 이상 요청해요.',
  instagramRequired: '이 이벤트는 인스타그램 아이디를 요청해요.',
  instagramInvalid: '인스타그램 아이디는 영문, 숫자, 마침표(.), 밑줄(_)로 30자 이내로 입력해 주세요.',
  contactTooLong: `연락처는 ${APPLICATION_LIMITS.contact}자 이내로 입력해 주세요.`,
  consentRequired: '개인정보 제3자 제공에 동의해야 신청할 수 있어요.',
  textInvalid: '쓸 수 없는 문자가 있어요.',
  shootAtRequired: '촬영 날짜와 시간을 입력해 주세요.',
  placeRequired: '촬영 장소를 입력해 주세요.',
  placeTooLong: `촬영 장소는 ${APPLICATION_LIMITS.place}자 이내로 입력해 주세요.`,
  messageTooLong: `메시지는 ${APPLICATION_LIMITS.message}자 이내로 입력해 주세요.`,
  reasonRequired: '취소 사유를 입력해 주세요.',
  reasonTooLong: `사유는 ${APPLICATION_LIMITS.reason}자 이내로 입력해 주세요.`,
} as const;

const INSTAGRAM = /^[A-Za-z0-9._]{1,30}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What an event asks of applicants, and its period, for checking an application to it. */
export interface IntakeContext {
  startedAt: string;
  endedAt: string;
  asksInstagram: boolean;
  asksPhotos: boolean;
}

export interface ApplicationPhoto {
  name: string;
  url: string;
}

export interface ApplicationPayload {
  introduction: string;
  preferredDates: string[];
  instagramId: string | null;
  photos: ApplicationPhoto[];
  contact: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value.normalize('NFC').trim() : value == null ? null : null;
}

/** A bounded free text (empty allowed unless `empty` is given): null when absent. */
function boundedText(
  e: FieldErrors,
  field: string,
  value: unknown,
  max: number,
  messages: { tooLong: string; empty?: string },
): string | null | undefined {
  if (value !== undefined && value !== null && typeof value !== 'string') {
    e.add(field, APPLICATION_MESSAGES.textInvalid);
    return undefined;
  }
  const v = text(value) ?? '';
  if (v === '') {
    if (messages.empty) {
      e.add(field, messages.empty);
      return undefined;
    }
    return null;
  }
  if (SINGLE_LINE_CONTROLS.test(v.replace(/\r?\n/g, ' ')) || !checkVisibleText(v).ok) {
    e.add(field, APPLICATION_MESSAGES.textInvalid);
    return undefined;
  }
  if (graphemeLength(v) > max) {
    e.add(field, messages.tooLong);
    return undefined;
  }
  return v;
}

/**
 * An application's body (apply and edit): the intake the event asks for, dates within its period,
 * at most 3 photos, the consent (apply only). BAD_REQUEST for wrong types, VALIDATION listing every rule
 * broken otherwise.
 */
export function validateApplicationInput(
  body: unknown,
  event: IntakeContext,
  options: { requireConsent: boolean },
): PayloadResult<ApplicationPayload> {
  return readPayload(body, (b) => {
    const e = new FieldErrors();
    const introduction = boundedText(e, 'introduction', b['introduction'], APPLICATION_LIMITS.introduction, {
      empty: APPLICATION_MESSAGES.introductionEmpty,
      tooLong: APPLICATION_MESSAGES.introductionTooLong,
    });
    const rawDates = b['preferredDates'] ?? [];
    let preferredDates: string[] | undefined;
    if (!Array.isArray(rawDates) || rawDates.some((d) => typeof d !== 'string' || !DATE.test(d))) {
      e.add('preferredDates', APPLICATION_MESSAGES.dateOutside);
    } else if (rawDates.length > APPLICATION_LIMITS.preferredDates) {
      e.add('preferredDates', APPLICATION_MESSAGES.datesTooMany);
    } else if ((rawDates as string[]).some((d) => d < event.startedAt || d > event.endedAt)) {
      e.add('preferredDates', APPLICATION_MESSAGES.dateOutside);
    } else preferredDates = [...new Set(rawDates as string[])].sort();

    const insta = text(b['instagramId'])?.replace(/^@/, '') ?? '';
    let instagramId: string | null | undefined = insta === '' ? null : insta;
    if (insta !== '' && !INSTAGRAM.test(insta)) {
      e.add('instagramId', APPLICATION_MESSAGES.instagramInvalid);
      instagramId = undefined;
    } else if (insta === '' && event.asksInstagram) {
      e.add('instagramId', APPLICATION_MESSAGES.instagramRequired);
      instagramId = undefined;
    }

    const rawPhotos = b['photos'] ?? [];
    let photos: ApplicationPhoto[] | undefined;
    if (
      !Array.isArray(rawPhotos) ||
      rawPhotos.some(
        (p) =>
          typeof p !== 'object' ||
          p === null ||
          typeof (p as ApplicationPhoto).url !== 'string' ||
          typeof ((p as ApplicationPhoto).name ?? '') !== 'string',
      )
    ) {
      e.add('photos', APPLICATION_MESSAGES.photosTooMany);
    } else if (rawPhotos.length > APPLICATION_LIMITS.photos) {
      e.add('photos', APPLICATION_MESSAGES.photosTooMany);
    } else if (rawPhotos.length === 0 && event.asksPhotos) {
      e.add('photos', APPLICATION_MESSAGES.photosRequired);
    } else {
      photos = (rawPhotos as ApplicationPhoto[]).map((p) => ({ name: String(p.name ?? 'image'), url: p.url }));
    }

    const contact = boundedText(e, 'contact', b['contact'], APPLICATION_LIMITS.contact, {
      tooLong: APPLICATION_MESSAGES.contactTooLong,
    });
    if (options.requireConsent && b['consent'] !== true) e.add('consent', APPLICATION_MESSAGES.consentRequired);
    if (
      introduction === undefined ||
      introduction === null ||
      preferredDates === undefined ||
      instagramId === undefined ||
      photos === undefined ||
      contact === undefined ||
      !e.isEmpty
    )
      return e;
    return { introduction, preferredDates, instagramId, photos, contact };
  });
}

export interface TransitionPayload {
  to: ApplicationMove;
  shootAt: string | null;
  place: string | null;
  message: string | null;
  reason: string | null;
}

/** `POST /applications/{id}/transitions`: the move and what it needs (`shootAt` as an ISO date-time). */
export function validateTransitionInput(body: unknown): PayloadResult<TransitionPayload> {
  return readPayload(body, (b) => {
    const e = new FieldErrors();
    const to = requiredEnum(b, 'to', APPLICATION_MOVES);
    const needs = TRANSITIONS[to].needs;
    let shootAt: string | null = null;
    const rawShoot = b['shootAt'];
    if (typeof rawShoot === 'string' && rawShoot.trim() !== '') {
      const t = new Date(rawShoot);
      if (Number.isNaN(t.getTime())) e.add('shootAt', APPLICATION_MESSAGES.shootAtRequired);
      else shootAt = t.toISOString();
    } else if (needs.includes('shootAt')) e.add('shootAt', APPLICATION_MESSAGES.shootAtRequired);
    const place = boundedText(e, 'place', b['place'], APPLICATION_LIMITS.place, {
      tooLong: APPLICATION_MESSAGES.placeTooLong,
      ...(needs.includes('place') ? { empty: APPLICATION_MESSAGES.placeRequired } : {}),
    });
    const message = boundedText(e, 'message', b['message'], APPLICATION_LIMITS.message, {
      tooLong: APPLICATION_MESSAGES.messageTooLong,
    });
    const reason = boundedText(e, 'reason', b['reason'], APPLICATION_LIMITS.reason, {
      tooLong: APPLICATION_MESSAGES.reasonTooLong,
      ...(needs.includes('reason') ? { empty: APPLICATION_MESSAGES.reasonRequired } : {}),
    });
    if (place === undefined || message === undefined || reason === undefined || !e.isEmpty) return e;
    return { to, shootAt, place, message, reason };
  });
}

/** The shoot's date in Korea (`YYYY-MM-DD`) of an ISO date-time. */
export function kstDateOf(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}
