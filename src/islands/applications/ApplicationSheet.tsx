import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiRequestError } from '#client/api';
import { fetchApplicationPhoto } from '#client/application-api';
import { APPLICATION_LIMITS, applicationConsentText } from '#lib/applications';
import {
  dateBounds,
  formatShortDate,
  intakeBody,
  intakeProblems,
  withConsent,
  withContact,
  withDateAdded,
  withDateRemoved,
  withInstagram,
  withIntroduction,
  type IntakeField,
  type IntakeFields,
} from '#lib/application-form';
import type { ApplicationBody } from '#lib/contract';
import type { Image } from '#lib/domain';
import { applicationCopy } from '#lib/copy-applications';
import { hasUnfinished, slotImages } from '#lib/image-list';
import { createApplicationPhotos } from '#stores/application-photos';
import { CharCounter } from '#islands/member/CharCounter';
import { Modal } from '#islands/Modal';
import { SheetHead } from '#islands/SheetHead';
import { SheetFoot } from './SheetFoot';
import { PhotoPicker } from './PhotoPicker';
import styles from './sheet.module.css';
import member from '#islands/member/member-styles';
import { FieldHelp } from '#islands/member/FieldHelp';
import { useFieldProblems } from '#islands/hooks/useFieldProblems';
import { ADDRESS_TYPING } from '#islands/inputs';

/** The event an application is made to, as the sheet needs it. */
export interface SheetEvent {
  id: number;
  title: string;
  startedAt: string;
  endedAt: string;
  asksInstagram: boolean;
  asksPhotos: boolean;
  /** Who receives the applicant's data: the consent names them. */
  photographer: string;
}

interface Props {
  mode: 'apply' | 'edit';
  event: SheetEvent;
  initial: IntakeFields;
  /** Edit: the application whose photos start in the list (sent again: the server takes only uploads). */
  kept?: { applicationId: number; photos: readonly Image[] } | undefined;
  /** Sends the body; a refusal throws (the sheet shows why and keeps what was typed). */
  onSubmit: (body: ApplicationBody) => Promise<void>;
  onClose: () => void;
}

const FIELD_ORDER: readonly IntakeField[] = [
  'instagramId',
  'introduction',
  'preferredDates',
  'photos',
  'contact',
  'consent',
];
const FIELD_ID: Record<IntakeField, string> = {
  instagramId: 'apply-instagram',
  introduction: 'apply-introduction',
  preferredDates: 'apply-date',
  photos: 'apply-photos',
  contact: 'apply-contact',
  consent: 'apply-consent',
};

interface FieldProps {
  field: IntakeField;
  label: string;
  /** 필수 in the label (선택 otherwise). */
  required?: boolean;
  /** How many of how many are chosen, after 필수 or 선택 (for the eye: the control says it to a screen reader). */
  count?: string;
  /** The control and the lines under it. */
  children: ReactNode;
}

/** A field of the sheet: its label, which says 필수 or 선택, then its control and the lines under it. */
function SheetField({ field, label, required = false, count, children }: FieldProps) {
  const t = applicationCopy.sheet;
  return (
    <div className={member['field']}>
      <label className={member['label']} htmlFor={FIELD_ID[field]}>
        {label}
        <span className={member['labelNote']}>{required ? t.required : t.optional}</span>
        {count && (
          <span className={member['labelNote']} aria-hidden="true">
            {count}
          </span>
        )}
      </label>
      {children}
    </div>
  );
}

/**
 * The intake as a bottom sheet (a `<dialog>`): Instagram id, 자기소개 with its counter, 희망 촬영일
 * within the event, up to 3 참고 사진 previewed from the picked files, an optional 연락처 and, when
 * applying, the third-party consent with its text. Problems show under their fields once touched (all
 * of them after a tap on the button); a refusal of the server shows in the sheet, the input kept.
 */
export function ApplicationSheet({ mode, event, initial, kept, onSubmit, onClose }: Props) {
  const t = applicationCopy.sheet;
  const titleId = useId();
  const [fields, setFields] = useState<IntakeFields>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [dateMessage, setDateMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<Partial<Record<IntakeField, string>>>({});
  const [sending, setSending] = useState(false);
  const photos = useMemo(() => createApplicationPhotos(), []);
  const slots = useStore(photos.list.$slots);
  const formRef = useRef<HTMLFormElement>(null);
  const requireConsent = mode === 'apply';

  // The photos kept when the sheet opened (the caller's object may be new at each render), and
  // whether they are still being fetched: nothing is sent until they are back in the list.
  const [keptAtOpen] = useState(kept);
  const [restoring, setRestoring] = useState((kept?.photos.length ?? 0) > 0);

  useEffect(() => () => photos.clear(), [photos]);
  // Editing: the kept photos stay as they are (sent back by their URLs), shown from files fetched with
  // the token.
  useEffect(() => {
    const kept = keptAtOpen;
    if (!kept || kept.photos.length === 0) return;
    let live = true;
    void Promise.all(kept.photos.map((_, i) => fetchApplicationPhoto(kept.applicationId, i)))
      .then((files) => {
        if (live) photos.keep(kept.photos, files);
      })
      .catch((err: unknown) => {
        console.warn('kept photos not loaded', err);
        if (live) setError(t.keptPhotosFailed);
      })
      .finally(() => {
        if (live) setRestoring(false);
      });
    return () => {
      live = false;
    };
  }, [keptAtOpen, photos, t.keptPhotosFailed]);

  const images = slotImages(slots);
  const uploading = restoring || hasUnfinished(slots);
  const context = {
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    asksInstagram: event.asksInstagram,
    asksPhotos: event.asksPhotos,
  };
  const problems = intakeProblems(fields, images, context, { requireConsent });
  const { shown, control } = useFieldProblems<IntakeField>(
    (field) => problems[field] ?? serverProblems[field],
    submitted,
  );
  const change = (next: IntakeFields) => {
    setFields(next);
    setError(null);
  };
  const bounds = dateBounds(event);
  const datesCount = `${fields.preferredDates.length}/${APPLICATION_LIMITS.preferredDates}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setServerProblems({});
    if (uploading) {
      setError(t.uploading);
      return;
    }
    const body = intakeBody(fields, images, context, { requireConsent });
    if (!body) {
      setError(t.fixAbove);
      const first = FIELD_ORDER.find((f) => problems[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#${FIELD_ID[first]}`)?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSubmit(body);
    } catch (err) {
      setSending(false);
      if (isApiRequestError(err)) {
        const byField: Partial<Record<IntakeField, string>> = {};
        for (const fe of err.fieldErrors) if (fe.field in FIELD_ID) byField[fe.field as IntakeField] ??= fe.message;
        setServerProblems(byField);
        setError(err.status === 0 || err.status < 500 ? err.message : t.failed);
      } else {
        console.error('application not sent', err);
        setError(t.failed);
      }
    }
  };

  return (
    <Modal className={styles['sheet']} aria-labelledby={titleId} onClose={onClose}>
      <form ref={formRef} className={styles['form']} noValidate onSubmit={(e) => void submit(e)}>
        <SheetHead
          titleId={titleId}
          title={mode === 'apply' ? t.title : t.editTitle}
          closeLabel={t.close}
          onClose={onClose}
        />
        <div className={styles['body']}>
          <p className={styles['event']}>{t.eventLine(event.title)}</p>

          <SheetField field="instagramId" label={t.instagram} required={event.asksInstagram}>
            <div className={styles['prefixed']}>
              <span aria-hidden="true">@</span>
              <input
                id={FIELD_ID.instagramId}
                className={member['input']}
                type="text"
                {...ADDRESS_TYPING}
                autoComplete="off"
                value={fields.instagramId}
                {...control('instagramId')}
                aria-describedby="apply-instagram-help"
                onChange={(e) => change(withInstagram(fields, e.target.value))}
              />
            </div>
            <FieldHelp id="apply-instagram-help" error={shown('instagramId')} hint={t.instagramHelp} />
          </SheetField>

          <SheetField field="introduction" label={t.introduction} required>
            <textarea
              id={FIELD_ID.introduction}
              className={`${member['textarea']} ${styles['intro']}`}
              value={fields.introduction}
              placeholder={t.introductionPlaceholder}
              {...control('introduction')}
              aria-describedby="apply-introduction-count apply-introduction-help"
              onChange={(e) => change(withIntroduction(fields, e.target.value))}
            />
            <CharCounter
              id="apply-introduction-count"
              text={fields.introduction}
              max={APPLICATION_LIMITS.introduction}
            />
            <p id="apply-introduction-help" className={member['error']}>
              {shown('introduction')}
            </p>
          </SheetField>

          <SheetField field="preferredDates" label={t.dates} count={datesCount}>
            <input
              id={FIELD_ID.preferredDates}
              className={member['input']}
              type="date"
              min={bounds.min}
              max={bounds.max}
              value=""
              disabled={fields.preferredDates.length >= APPLICATION_LIMITS.preferredDates}
              aria-describedby="apply-dates-help"
              onChange={(e) => {
                const r = withDateAdded(fields, e.target.value, event);
                setDateMessage(r.message);
                change(r.fields);
              }}
            />
            {fields.preferredDates.length > 0 && (
              <ul className={styles['dates']} aria-label={t.datesPicked}>
                {fields.preferredDates.map((d) => (
                  <li key={d}>
                    {formatShortDate(d)}
                    <button
                      type="button"
                      aria-label={t.dateRemove(formatShortDate(d))}
                      onClick={() => {
                        setDateMessage(null);
                        change(withDateRemoved(fields, d));
                      }}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <FieldHelp
              id="apply-dates-help"
              error={dateMessage ?? shown('preferredDates')}
              hint={t.datesHint(APPLICATION_LIMITS.preferredDates)}
              live
            />
          </SheetField>

          <PhotoPicker
            id={FIELD_ID.photos}
            photos={photos}
            required={event.asksPhotos}
            problem={submitted ? (problems.photos ?? serverProblems.photos ?? null) : null}
          />

          <SheetField field="contact" label={t.contact}>
            <input
              id={FIELD_ID.contact}
              className={member['input']}
              type="text"
              value={fields.contact}
              placeholder={t.contactPlaceholder}
              {...control('contact')}
              aria-describedby="apply-contact-help"
              onChange={(e) => change(withContact(fields, e.target.value))}
            />
            <FieldHelp id="apply-contact-help" error={shown('contact')} hint={t.contactHelp} />
          </SheetField>

          {requireConsent && (
            <section className={styles['consent']} aria-labelledby="apply-consent-title">
              <h3 id="apply-consent-title">
                {t.consentTitle} <span className={member['labelNote']}>{t.required}</span>
              </h3>
              <p className={styles['consentText']}>{applicationConsentText(event.photographer)}</p>
              <label className={styles['check']}>
                <input
                  id={FIELD_ID.consent}
                  type="checkbox"
                  checked={fields.consent}
                  aria-invalid={shown('consent') !== null}
                  aria-describedby="apply-consent-help"
                  onChange={(e) => change(withConsent(fields, e.target.checked))}
                />
                <span>{t.consent}</span>
              </label>
              <p id="apply-consent-help" className={member['error']}>
                {submitted ? (problems.consent ?? null) : null}
              </p>
            </section>
          )}
        </div>
        <SheetFoot error={error}>
          <button type="submit" className={member['primary']} disabled={sending}>
            {sending ? t.sending : mode === 'apply' ? t.submit : t.save}
          </button>
        </SheetFoot>
      </form>
    </Modal>
  );
}
