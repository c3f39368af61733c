import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { copy } from '../../lib/copy';
import { PHOTOGRAPHY_TYPES, PHOTOGRAPHY_TYPE_LABELS } from '../../lib/domain';
import { MAX_SIGNUP_REGIONS, MAX_SIGNUP_TYPES, sameRegion } from '../../lib/signup';
import {
  $profileUpload,
  $regionGroups,
  loadRegionGroups,
  togglePhotographyType,
  toggleRegion,
  uploadProfileImage,
} from '../../stores/signup';
import styles from '../SignupWizard.module.css';
import type { StepProps } from './types';

export function ProfileStep({ state, headingRef }: StepProps) {
  const upload = useStore($profileUpload);
  const regions = useStore($regionGroups);
  const fileRef = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState<string | null>(null);

  useEffect(() => {
    void loadRegionGroups();
  }, []);

  const busy = upload.phase === 'compressing' || upload.phase === 'uploading';
  const shownCategory = category ?? state.regions[0]?.category ?? regions.groups[0]?.category ?? null;
  const group = regions.groups.find((g) => g.category === shownCategory);
  const regionsFull = state.regions.length >= MAX_SIGNUP_REGIONS;
  const typesFull = state.photographyTypes.length >= MAX_SIGNUP_TYPES;

  return (
    <div className={styles['step']}>
      <h2 ref={headingRef} tabIndex={-1} className={styles['heading']}>
        {copy.signup.profile.heading}
      </h2>

      <div className={styles['field']}>
        <span className={styles['label']} id="signup-image-label">
          {copy.signup.profile.imageLabel}
        </span>
        <div className={styles['imageRow']}>
          <div className={styles['avatar']}>
            {state.profileImage ? (
              <img src={state.profileImage.url} alt={copy.signup.profile.imageAlt} width={88} height={88} />
            ) : (
              <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                <path
                  d="M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                />
              </svg>
            )}
          </div>
          <div className={styles['imageActions']}>
            <input
              ref={fileRef}
              id="signup-image"
              type="file"
              accept="image/*"
              className={styles['fileInput']}
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void uploadProfileImage(file);
              }}
            />
            <button
              type="button"
              className={styles['secondaryButton']}
              aria-describedby="signup-image-status"
              disabled={busy}
              onClick={() => fileRef.current?.click()}
            >
              {state.profileImage ? copy.signup.profile.imageChange : copy.signup.profile.imagePick}
            </button>
            <div id="signup-image-status" aria-live="polite">
              {busy && (
                <div className={styles['uploadProgress']}>
                  <span>
                    {upload.phase === 'compressing' ? copy.signup.profile.compressing : copy.signup.profile.uploading}{' '}
                    {Math.round(upload.progress * 100)}%
                  </span>
                  <progress max={1} value={upload.progress} aria-labelledby="signup-image-label" />
                </div>
              )}
              {upload.phase === 'done' && <span className={styles['status']}>{copy.signup.profile.uploaded}</span>}
              {upload.error && (
                <p className={`${styles['status']} ${styles['error']}`} role="alert">
                  {upload.error}
                </p>
              )}
            </div>
          </div>
        </div>
      </div>

      <fieldset className={styles['field']}>
        <legend className={styles['label']}>
          {copy.signup.profile.typesLabel}{' '}
          <span className={styles['count']}>
            {copy.signup.profile.typesHint} ·{' '}
            {copy.signup.profile.selected(state.photographyTypes.length, MAX_SIGNUP_TYPES)}
          </span>
        </legend>
        <div className={styles['chips']}>
          {PHOTOGRAPHY_TYPES.map((type) => {
            const checked = state.photographyTypes.includes(type);
            return (
              <label key={type} className={styles['chip']}>
                <input
                  type="checkbox"
                  className={styles['visuallyHiddenInput']}
                  checked={checked}
                  disabled={!checked && typesFull}
                  onChange={() => togglePhotographyType(type)}
                />
                <span>{PHOTOGRAPHY_TYPE_LABELS[type]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className={styles['field']}>
        <legend className={styles['label']}>
          {copy.signup.profile.regionsLabel}{' '}
          <span className={styles['count']}>
            {copy.signup.profile.regionsHint} · {copy.signup.profile.selected(state.regions.length, MAX_SIGNUP_REGIONS)}
          </span>
        </legend>
        {state.regions.length > 0 && (
          <ul className={styles['selectedRegions']}>
            {state.regions.map((r) => (
              <li key={`${r.category} ${r.name}`}>
                <button
                  type="button"
                  className={styles['selectedChip']}
                  onClick={() => toggleRegion(r)}
                  aria-label={copy.signup.profile.removeRegion(`${r.category} ${r.name}`)}
                >
                  {r.category} {r.name} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {regions.status === 'error' && (
          <p className={`${styles['status']} ${styles['error']}`} role="alert">
            {copy.signup.profile.regionsLoadFailed}{' '}
            <button type="button" className={styles['linkButton']} onClick={() => void loadRegionGroups()}>
              {copy.signup.profile.retry}
            </button>
          </p>
        )}
        {regions.status === 'loading' && <p className={styles['status']}>…</p>}
        {regions.groups.length > 0 && (
          <div className={styles['regionPicker']}>
            <div className={styles['categories']} role="radiogroup" aria-label={copy.signup.profile.regionsLabel}>
              {regions.groups.map((g) => (
                <label key={g.category} className={styles['categoryChip']}>
                  <input
                    type="radio"
                    name="region-category"
                    className={styles['visuallyHiddenInput']}
                    checked={g.category === shownCategory}
                    onChange={() => setCategory(g.category)}
                  />
                  <span>{g.category}</span>
                </label>
              ))}
            </div>
            {group && (
              <div className={styles['regionGrid']}>
                {group.regions.map((name) => {
                  const region = { category: group.category, name };
                  const checked = state.regions.some((r) => sameRegion(r, region));
                  return (
                    <label key={name} className={styles['chip']}>
                      <input
                        type="checkbox"
                        className={styles['visuallyHiddenInput']}
                        checked={checked}
                        disabled={!checked && regionsFull}
                        onChange={() => toggleRegion(region)}
                      />
                      <span>{name}</span>
                    </label>
                  );
                })}
              </div>
            )}
          </div>
        )}
      </fieldset>
    </div>
  );
}
