import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiRequestError } from '#client/api';
import { APPLICATION_LIMITS, APPLICATION_MESSAGES } from '#lib/applications';
import { formatShortDate, shootAtFrom } from '#lib/application-form';
import type { ApplicationMoveBody, ApplicationResponse } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { todayKst } from '#lib/deadline';
import { sliceGraphemes } from '#lib/text';
import { CharCounter } from '#islands/member/CharCounter';
import { Modal } from '#islands/Modal';
import { SheetHead } from '#islands/SheetHead';
import { SheetFoot } from './SheetFoot';
import member from '#islands/member/member-styles';
import styles from './sheet.module.css';

interface Props {
  application: ApplicationResponse;
  onSubmit: (body: ApplicationMoveBody) => Promise<void>;
  onClose: () => void;
}

/**
 * 선정하기: a small sheet asking the shoot's 날짜, 시간 (Korea time), 장소 and an optional 메시지; the
 * applicant's preferred dates are one tap away. A refusal (the places are taken meanwhile) shows here,
 * what was typed kept.
 */
export function SelectSheet({ application: a, onSubmit, onClose }: Props) {
  const t = applicationCopy.select;
  const titleId = useId();
  const [date, setDate] = useState(a.preferredDates.find((d) => d >= todayKst()) ?? '');
  const [time, setTime] = useState('');
  const [place, setPlace] = useState('');
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const shootAt = shootAtFrom(date, time);
  const problems = {
    shootAt: shootAt ? null : APPLICATION_MESSAGES.shootAtRequired,
    place: place.trim() === '' ? APPLICATION_MESSAGES.placeRequired : null,
  };
  const nickname = a.applicant?.nickname ?? applicationCopy.inbox.applicantGone;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (!shootAt || problems.place) {
      formRef.current
        ?.querySelector<HTMLElement>(shootAt ? '#select-place' : date ? '#select-time' : '#select-date')
        ?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSubmit({
        to: 'SELECTED',
        shootAt,
        place: place.trim(),
        ...(message.trim() ? { message: message.trim() } : {}),
      });
    } catch (err) {
      setSending(false);
      setError(isApiRequestError(err) && err.status < 500 ? err.message : applicationCopy.moveFailed);
    }
  };

  return (
    <Modal className={styles['sheet']} aria-labelledby={titleId} onClose={onClose}>
      <form ref={formRef} className={styles['form']} noValidate onSubmit={(e) => void submit(e)}>
        <SheetHead titleId={titleId} title={t.title} closeLabel={applicationCopy.sheet.close} onClose={onClose} />
        <div className={styles['body']}>
          <p className={styles['lead']}>{t.lead(nickname)}</p>
          <div className={styles['pair']}>
            <div className={member['field']}>
              <label className={`${member['label']} ${member['required']}`} htmlFor="select-date">
                {t.date}
              </label>
              <input
                id="select-date"
                className={member['input']}
                type="date"
                value={date}
                aria-invalid={submitted && !shootAt && !date}
                onChange={(e) => setDate(e.target.value)}
              />
            </div>
            <div className={member['field']}>
              <label className={`${member['label']} ${member['required']}`} htmlFor="select-time">
                {t.time}
              </label>
              <input
                id="select-time"
                className={member['input']}
                type="time"
                step={600}
                value={time}
                aria-invalid={submitted && !shootAt}
                onChange={(e) => setTime(e.target.value)}
              />
            </div>
          </div>
          {a.preferredDates.length > 0 && (
            <div className={styles['quick']} role="group" aria-label={applicationCopy.inbox.dates}>
              {a.preferredDates.map((d) => (
                <button
                  key={d}
                  type="button"
                  className={member['small']}
                  aria-pressed={date === d}
                  onClick={() => setDate(d)}
                >
                  {formatShortDate(d)}
                </button>
              ))}
            </div>
          )}
          {submitted && problems.shootAt && <p className={member['error']}>{problems.shootAt}</p>}
          <div className={member['field']}>
            <label className={`${member['label']} ${member['required']}`} htmlFor="select-place">
              {t.place}
            </label>
            <input
              id="select-place"
              className={member['input']}
              type="text"
              value={place}
              placeholder={t.placePlaceholder}
              aria-invalid={submitted && problems.place !== null}
              aria-describedby="select-place-help"
              onChange={(e) => setPlace(sliceGraphemes(e.target.value, APPLICATION_LIMITS.place))}
            />
            <p id="select-place-help" className={member['error']}>
              {submitted ? problems.place : null}
            </p>
          </div>
          <div className={member['field']}>
            <label className={member['label']} htmlFor="select-message">
              {t.message}
              <span className={member['labelNote']}>{applicationCopy.sheet.optional}</span>
            </label>
            <textarea
              id="select-message"
              className={`${member['textarea']} ${styles['intro']}`}
              value={message}
              placeholder={t.messagePlaceholder}
              aria-describedby="select-message-count"
              onChange={(e) => setMessage(sliceGraphemes(e.target.value, APPLICATION_LIMITS.message))}
            />
            <CharCounter id="select-message-count" text={message} max={APPLICATION_LIMITS.message} />
          </div>
        </div>
        <SheetFoot error={error}>
          <div className={styles['actions']}>
            <button type="button" className={member['small']} onClick={onClose}>
              {t.cancel}
            </button>
            <button type="submit" className={member['primary']} disabled={sending}>
              {sending ? t.sending : t.submit}
            </button>
          </div>
        </SheetFoot>
      </form>
    </Modal>
  );
}
