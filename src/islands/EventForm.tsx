import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { memberCopy } from '#lib/copy-member';
import { currentSearchParams } from '#client/browser';
import type { ApplyMode } from '#lib/applications';
import { PROMOTION_TYPES, PROMOTION_TYPE_LABELS } from '#lib/domain';
import {
  CAPACITY_INPUT_MAX,
  CONTENT_MAX,
  EVENT_PICKS,
  MAX_HASHTAGS,
  asksLink,
  canAddHashtag,
  endDateMin,
  eventFormProblems,
  eventRequest,
  isEndDateEnabled,
  startDateMin,
  takesInApp,
  type EventField,
} from '#lib/event-form';
import { hasUnfinished, slotImages } from '#lib/image-list';
import { PROMOTION_HINTS } from '#lib/rules/promotion';
import {
  $eventForm,
  addHashtagFromInput,
  bannerImages,
  eventChips,
  openEventForm,
  removeHashtag,
  setApplyMode,
  setApplyOption,
  setCapacity,
  setContent,
  setEndDate,
  setExternalLink,
  setHashtagInput,
  setPromotionType,
  setStartDate,
  setTitle,
  submitEventForm,
} from '#stores/event-form';
import { CharCounter } from './member/CharCounter';
import { ImageListField } from './member/ImageListField';
import { MemberGate } from './member/MemberGate';
import { ReadOnlyField } from './member/ReadOnlyField';
import { PickFields } from './member/PickFields';
import styles from './member/member-styles';
import own from './EventForm.module.css';
import { FieldHelp } from './member/FieldHelp';
import { useFieldProblems } from './hooks/useFieldProblems';
import { ADDRESS_TYPING, radio } from './inputs';

/** The choices in the order the form offers them: 담아봐 first, a new event's default. */
const APPLY_MODE_ORDER: readonly ApplyMode[] = ['IN_APP', 'LINK', 'BOTH'];

/** /new/event (and ?edit=ID): every field of the spec's event form and the register button. */
export function EventForm() {
  const state = useStore($eventForm);
  const slots = useStore(bannerImages.$slots);
  const [keywordError, setKeywordError] = useState<string | null>(null);
  useEffect(() => {
    void openEventForm(currentSearchParams());
  }, []);
  const t = memberCopy.eventForm;
  const f = state.fields;
  const images = slotImages(slots);
  const problems = eventFormProblems(f, images, state.context);
  const enabled = eventRequest(f, images, state.context, hasUnfinished(slots)) !== null && !state.submitting;
  const { shown, touch, control } = useFieldProblems<EventField>((field) => problems[field]);
  const editing = state.editId !== null;
  const addKeyword = () => {
    setKeywordError(addHashtagFromInput());
    touch('hashtags');
  };
  return (
    <MemberGate onRetry={() => void openEventForm(currentSearchParams())} loading={state.status !== 'ready'}>
      <form
        className={styles['page']}
        noValidate
        aria-label={editing ? t.editTitle : t.title}
        onSubmit={(e) => {
          e.preventDefault();
          void submitEventForm();
        }}
      >
        <div className={styles['field']}>
          <label className={`${styles['label']} ${styles['required']}`} htmlFor="event-title">
            {t.eventTitle}
          </label>
          <input
            id="event-title"
            className={styles['input']}
            type="text"
            value={f.title}
            placeholder={t.eventTitlePlaceholder}
            {...control('title')}
            aria-describedby="event-title-help"
            onChange={(e) => setTitle(e.target.value)}
          />
          <FieldHelp id="event-title-help" error={shown('title')} hint={PROMOTION_HINTS.title} />
        </div>

        <ReadOnlyField
          id="event-business"
          label={t.businessName}
          value={state.businessName}
          help={t.businessNameHelp}
        />

        <PickFields picks={f} limits={EVENT_PICKS} toggles={eventChips} texts={t} />

        <fieldset className={styles['field']}>
          <legend className={`${styles['label']} ${styles['required']}`}>{t.promotionType}</legend>
          <div className={styles['chips']}>
            {PROMOTION_TYPES.map((type) => (
              <label key={type} className={styles['chip']}>
                <input {...radio('event-promotion-type', type, f.promotionType, setPromotionType)} />
                <span>{PROMOTION_TYPE_LABELS[type]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className={styles['field']} aria-describedby="event-period-help">
          <legend className={`${styles['label']} ${styles['required']}`}>{t.period}</legend>
          <div className={styles['dates']}>
            <label>
              {t.startDate}
              <input
                id="event-start"
                className={styles['input']}
                type="date"
                min={startDateMin(state.context)}
                value={f.startedAt}
                {...control('startedAt')}
                onChange={(e) => setStartDate(e.target.value)}
              />
            </label>
            <label>
              {t.endDate}
              <input
                id="event-end"
                className={styles['input']}
                type="date"
                min={endDateMin(f) || undefined}
                value={f.endedAt}
                disabled={!isEndDateEnabled(f)}
                {...control('endedAt')}
                onChange={(e) => setEndDate(e.target.value)}
              />
            </label>
          </div>
          <FieldHelp
            id="event-period-help"
            error={shown('startedAt') ?? shown('endedAt')}
            hint={isEndDateEnabled(f) ? '' : t.endDateHint}
          />
        </fieldset>

        <fieldset className={styles['field']} aria-describedby="event-apply-mode-help">
          <legend className={`${styles['label']} ${styles['required']}`}>{t.applyMode}</legend>
          <div className={styles['chips']}>
            {APPLY_MODE_ORDER.map((mode) => (
              <label key={mode} className={styles['chip']}>
                <input {...radio('event-apply-mode', mode, f.applyMode, setApplyMode)} />
                <span>{t.applyModes[mode]}</span>
              </label>
            ))}
          </div>
          <p id="event-apply-mode-help" className={styles['help']}>
            {t.applyModeHints[f.applyMode]}
          </p>
        </fieldset>

        {takesInApp(f) && (
          <div className={own['applyBox']}>
            <div className={styles['field']}>
              <label className={`${styles['label']} ${styles['required']}`} htmlFor="event-capacity">
                {t.capacity}
              </label>
              <div className={own['capacityRow']}>
                <input
                  id="event-capacity"
                  className={`${styles['input']} ${own['capacity']}`}
                  type="text"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  maxLength={CAPACITY_INPUT_MAX}
                  value={f.capacity}
                  {...control('capacity')}
                  aria-describedby="event-capacity-help"
                  onChange={(e) => setCapacity(e.target.value)}
                />
                <span aria-hidden="true">{t.capacityUnit}</span>
              </div>
              <FieldHelp id="event-capacity-help" error={shown('capacity')} hint={t.capacityHint} />
            </div>
            <label className={own['check']}>
              <input
                type="checkbox"
                checked={f.showPlacesLeft}
                aria-describedby="event-places-help"
                onChange={(e) => setApplyOption('showPlacesLeft', e.target.checked)}
              />
              <span>{t.showPlacesLeft}</span>
            </label>
            <p id="event-places-help" className={`${styles['help']} ${own['checkHelp']}`}>
              {t.showPlacesLeftHint}
            </p>
            <fieldset className={styles['field']} aria-describedby="event-asks-help">
              <legend className={styles['label']}>{t.asks}</legend>
              <label className={own['check']}>
                <input
                  type="checkbox"
                  checked={f.asksInstagram}
                  onChange={(e) => setApplyOption('asksInstagram', e.target.checked)}
                />
                <span>{t.asksInstagram}</span>
              </label>
              <label className={own['check']}>
                <input
                  type="checkbox"
                  checked={f.asksPhotos}
                  onChange={(e) => setApplyOption('asksPhotos', e.target.checked)}
                />
                <span>{t.asksPhotos}</span>
              </label>
              <p id="event-asks-help" className={styles['help']}>
                {t.asksHint}
              </p>
            </fieldset>
          </div>
        )}

        {asksLink(f) && (
          <div className={styles['field']}>
            <label className={`${styles['label']} ${styles['required']}`} htmlFor="event-link">
              {t.link}
            </label>
            <input
              id="event-link"
              className={styles['input']}
              type="url"
              {...ADDRESS_TYPING}
              placeholder={t.linkPlaceholder}
              value={f.externalLink}
              {...control('externalLink')}
              aria-describedby="event-link-help"
              onChange={(e) => setExternalLink(e.target.value)}
            />
            <FieldHelp id="event-link-help" error={shown('externalLink')} hint={PROMOTION_HINTS.externalLink} />
          </div>
        )}

        <ImageListField
          id="event-banner"
          label={t.banner}
          hint={PROMOTION_HINTS.images}
          store={bannerImages}
          problem={images.length > 0 ? problems.images : null}
        />

        <fieldset className={styles['field']}>
          <legend className={`${styles['label']} ${styles['required']}`}>
            {t.keywords}
            <span className={styles['labelNote']}>
              {t.keywordsHint} · {memberCopy.images.count(f.hashtags.length, MAX_HASHTAGS)}
            </span>
          </legend>
          <div className={styles['row']}>
            <input
              id="event-keyword"
              className={styles['input']}
              type="text"
              aria-label={t.keywordInput}
              enterKeyHint="done"
              placeholder={t.keywordPlaceholder}
              value={f.hashtagInput}
              aria-describedby="event-keyword-help"
              onChange={(e) => {
                setKeywordError(null);
                setHashtagInput(e.target.value);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
                e.preventDefault();
                if (canAddHashtag(f)) addKeyword();
              }}
            />
            <button type="button" className={styles['secondary']} disabled={!canAddHashtag(f)} onClick={addKeyword}>
              {t.keywordAdd}
            </button>
          </div>
          {f.hashtags.length > 0 && (
            <ul className={styles['tags']} aria-label={t.keywords}>
              {f.hashtags.map((tag) => (
                <li key={tag} className={styles['tag']}>
                  #{tag}
                  <button
                    type="button"
                    className={styles['tagRemove']}
                    aria-label={t.keywordRemove(tag)}
                    onClick={() => removeHashtag(tag)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <FieldHelp id="event-keyword-help" error={keywordError ?? shown('hashtags')} hint="" live />
        </fieldset>

        <div className={styles['field']}>
          <label className={`${styles['label']} ${styles['required']}`} htmlFor="event-content">
            {t.description}
          </label>
          <textarea
            id="event-content"
            className={styles['textarea']}
            value={f.content}
            placeholder={t.descriptionPlaceholder}
            {...control('content')}
            aria-describedby="event-content-count event-content-help"
            onChange={(e) => setContent(e.target.value)}
          />
          <CharCounter id="event-content-count" text={f.content} max={CONTENT_MAX} />
          <p id="event-content-help" className={styles['error']}>
            {shown('content')}
          </p>
        </div>

        <div className={styles['submitBar']}>
          {state.submitError && (
            <p className={styles['error']} role="alert">
              {state.submitError}
            </p>
          )}
          <button type="submit" className={styles['primary']} disabled={!enabled} aria-describedby="event-submit-note">
            {state.submitting ? t.submitting : editing ? t.update : t.submit}
          </button>
          {!enabled && !state.submitting && (
            <p id="event-submit-note" className="sr-only">
              {t.requiredNote}
            </p>
          )}
        </div>
      </form>
    </MemberGate>
  );
}
