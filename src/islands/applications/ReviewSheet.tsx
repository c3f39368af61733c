import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { isApiRequestError } from '#client/api';
import type { ReviewBody, ReviewResponse } from '#lib/contract';
import { reviewCopy } from '#lib/copy-reviews';
import { hasUnfinished, slotImages } from '#lib/image-list';
import { REVIEW_LIMITS, REVIEW_MESSAGES, validateReviewInput } from '#lib/reviews';
import { createApplicationPhotos } from '#stores/application-photos';
import { CharCounter } from '#islands/member/CharCounter';
import { Modal } from '#islands/Modal';
import { SheetHead } from '#islands/SheetHead';
import { SheetFoot } from './SheetFoot';
import { PhotoPicker } from './PhotoPicker';
import styles from './sheet.module.css';
import review from './review.module.css';
import member from '#islands/member/member-styles';

interface Props {
  /** The shoot's event, named at the top. */
  title: string;
  /** Editing: the review as it is (its photos start in the list). */
  initial?: ReviewResponse | undefined;
  /** Sends the body; a refusal throws (the sheet shows why and keeps what was written). */
  onSubmit: (body: ReviewBody) => Promise<void>;
  onClose: () => void;
}

/**
 * 후기 쓰기 (issue 43): stars, the text and up to 3 photos of the shoot, checked by the rules the server
 * runs (`validateReviewInput`) before anything is sent.
 */
export function ReviewSheet({ title, initial, onSubmit, onClose }: Props) {
  const t = reviewCopy.form;
  const titleId = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const photos = useMemo(
    () =>
      createApplicationPhotos({
        fileType: 'REVIEW_IMAGE',
        max: REVIEW_LIMITS.photos,
        limitMessage: REVIEW_MESSAGES.photosTooMany,
      }),
    [],
  );
  const slots = useStore(photos.list.$slots);
  const [kept, setKept] = useState(initial?.photos ?? []);
  useEffect(() => () => photos.clear(), [photos]);

  const body: ReviewBody = { rating, text, photos: [...kept, ...slotImages(slots)] };
  const checked = validateReviewInput(body);
  const problems: Partial<Record<'rating' | 'text' | 'photos', string>> = {};
  if (!checked.ok && checked.kind === 'VALIDATION')
    for (const e of checked.errors) problems[e.field as keyof typeof problems] ??= e.message;
  const shown = (field: keyof typeof problems) => (submitted ? (problems[field] ?? null) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (hasUnfinished(slots)) {
      setError(t.uploading);
      return;
    }
    if (!checked.ok) {
      setError(t.fixAbove);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSubmit(checked.value);
    } catch (err) {
      setSending(false);
      setError(isApiRequestError(err) && err.status > 0 && err.status < 500 ? err.message : t.failed);
    }
  };

  return (
    <Modal className={styles['sheet']} aria-labelledby={titleId} onClose={onClose}>
      <form className={styles['form']} noValidate onSubmit={(e) => void submit(e)}>
        <SheetHead titleId={titleId} title={initial ? t.editTitle : t.title} closeLabel={t.close} onClose={onClose} />
        <div className={styles['body']}>
          <p className={styles['event']}>{reviewCopy.eventLine(title)}</p>
          <fieldset className={member['field']}>
            <legend className={member['label']}>
              {t.rating}
              <span className={member['labelNote']}>{t.required}</span>
            </legend>
            <div className={review['stars']} role="radiogroup" aria-label={t.rating}>
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={rating === n}
                  aria-label={t.starButton(n)}
                  className={review['star']}
                  data-on={n <= rating}
                  onClick={() => {
                    setRating(n);
                    setError(null);
                  }}
                >
                  <span aria-hidden="true">★</span>
                </button>
              ))}
            </div>
            <p className={member['error']}>{shown('rating')}</p>
          </fieldset>
          <div className={member['field']}>
            <label className={member['label']} htmlFor="review-text">
              {t.text}
              <span className={member['labelNote']}>{t.required}</span>
            </label>
            <textarea
              id="review-text"
              className={`${member['textarea']} ${review['text']}`}
              value={text}
              placeholder={t.textPlaceholder}
              aria-invalid={shown('text') !== null}
              aria-describedby="review-text-count review-text-help"
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
            <CharCounter id="review-text-count" text={text} max={REVIEW_LIMITS.text.max} />
            <p id="review-text-help" className={member['error']}>
              {shown('text')}
            </p>
          </div>
          {kept.length > 0 && (
            <ul className={review['kept']}>
              {kept.map((p, i) => (
                <li key={p.url}>
                  <img src={p.url} alt={t.photoAlt(i + 1)} width={72} height={72} />
                  <button
                    type="button"
                    aria-label={t.photoRemove(i + 1)}
                    onClick={() => setKept(kept.filter((k) => k.url !== p.url))}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PhotoPicker
            id="review-photos"
            photos={photos}
            texts={t}
            max={REVIEW_LIMITS.photos - kept.length}
            required={false}
            problem={shown('photos')}
          />
        </div>
        <SheetFoot error={error}>
          <button type="submit" className={member['primary']} disabled={sending}>
            {sending ? t.sending : initial ? t.save : t.submit}
          </button>
        </SheetFoot>
      </form>
    </Modal>
  );
}
