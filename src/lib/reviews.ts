/**
 * Reviews of completed shoots (issue 43): who may write, edit and answer one and when, the body's
 * rules, and how a rating is shown. Shared by the islands (the form's messages, which buttons to show)
 * and the server (what to refuse).
 */
import type { Image } from './domain';
import { validateMultilineText } from './rules/common';
import { imageArray, readPayload, type JsonObject } from './rules/payload';
import { FieldErrors, type PayloadResult } from './rules/result';

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  text: { min: 10, max: 500 },
  photos: 3,
  reply: { min: 1, max: 500 },
  /** A review may be written this many days after the shoot was marked completed. */
  writeWithinDays: 30,
  /** And edited this many days after it was written (deleted at any time). */
  editWithinDays: 7,
} as const;

const DAY_MS = 86_400_000;

export const REVIEW_MESSAGES = {
  ratingRequired: '별점을 1점에서 5점 사이로 골라 주세요.',
  textEmpty: `후기를 ${REVIEW_LIMITS.text.min}자 이상 적어 주세요.`,
  textTooLong: `후기는 ${REVIEW_LIMITS.text.max}자까지 쓸 수 있어요.`,
  textInvalid: '후기에 쓸 수 없는 문자가 있어요.',
  photosTooMany: `사진은 ${REVIEW_LIMITS.photos}장까지 올릴 수 있어요.`,
  replyEmpty: '답글을 입력해 주세요.',
  replyTooLong: `답글은 ${REVIEW_LIMITS.reply.max}자까지 쓸 수 있어요.`,
  replyInvalid: '답글에 쓸 수 없는 문자가 있어요.',
} as const;

export interface ReviewPayload {
  rating: number;
  text: string;
  photos: Image[];
}

/** The body of a review (write and edit): 1–5 stars, 10–500 characters, up to 3 photos. */
export function validateReviewInput(body: unknown): PayloadResult<ReviewPayload> {
  return readPayload(body, (b) => {
    const e = new FieldErrors();
    const raw = b['rating'];
    const rating =
      typeof raw === 'number' &&
      Number.isInteger(raw) &&
      raw >= REVIEW_LIMITS.ratingMin &&
      raw <= REVIEW_LIMITS.ratingMax
        ? raw
        : undefined;
    if (rating === undefined) e.add('rating', REVIEW_MESSAGES.ratingRequired);
    const text = checkText(e, b, 'text');
    const photos = b['photos'] === undefined || b['photos'] === null ? [] : imageArray(b, 'photos');
    if (photos.length > REVIEW_LIMITS.photos) e.add('photos', REVIEW_MESSAGES.photosTooMany);
    if (rating === undefined || text === undefined || !e.isEmpty) return e;
    return { rating, text, photos };
  });
}

/** A body's `text` as a review's text or a reply: its limits, and its messages in Korean. */
function checkText(e: FieldErrors, b: JsonObject, kind: 'text' | 'reply'): string | undefined {
  const text = typeof b['text'] === 'string' ? b['text'] : '';
  return e.check(
    'text',
    validateMultilineText(text, REVIEW_LIMITS[kind], {
      empty: REVIEW_MESSAGES[`${kind}Empty`],
      tooLong: REVIEW_MESSAGES[`${kind}TooLong`],
      invalid: REVIEW_MESSAGES[`${kind}Invalid`],
    }),
  );
}

/** The photographer's answer: 1–500 characters. */
export function validateReplyInput(body: unknown): PayloadResult<{ text: string }> {
  return readPayload(body, (b) => {
    const e = new FieldErrors();
    const text = checkText(e, b, 'reply');
    return text === undefined ? e : { text };
  });
}

/** Until when a shoot completed at `completedAt` may be reviewed (ISO). */
export const reviewWritableUntil = (completedAt: string): string =>
  new Date(new Date(completedAt).getTime() + REVIEW_LIMITS.writeWithinDays * DAY_MS).toISOString();

/** Until when a review written at `createdAt` may be edited (ISO). */
export const reviewEditableUntil = (createdAt: string): string =>
  new Date(new Date(createdAt).getTime() + REVIEW_LIMITS.editWithinDays * DAY_MS).toISOString();

/** Whether a shoot completed at `completedAt` may still be reviewed at `now`. */
export const mayWriteReview = (completedAt: string, now = Date.now()): boolean =>
  now <= new Date(reviewWritableUntil(completedAt)).getTime();

/** Whether a review written at `createdAt` may still be edited at `now`. */
export const mayEditReview = (createdAt: string, now = Date.now()): boolean =>
  now <= new Date(reviewEditableUntil(createdAt)).getTime();

/** A photographer's rating as answers carry it: the average to one decimal, and how many reviews. */
export interface Rating {
  average: number;
  count: number;
}

export function ratingOf(sum: number, count: number): Rating {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : 0, count };
}

/** The average as the pages show it: always one decimal (`4.0`). */
export const ratingLabel = (average: number): string => average.toFixed(1);
