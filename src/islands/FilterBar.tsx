import { useCallback, useState } from 'react';
import { browseCopy } from '#lib/copy-browse';
import {
  PHOTOGRAPHY_TYPES,
  PHOTOGRAPHY_TYPE_LABELS,
  PROGRESS_FILTERS,
  PROGRESS_FILTER_LABELS,
  PROMOTION_TYPES,
  PROMOTION_TYPE_LABELS,
  SORT_TYPES,
  SORT_TYPE_LABELS,
  isOneOf,
} from '#lib/domain';
import {
  listHref,
  regionChoices,
  resetFilter,
  togglePhotographyType,
  togglePromotionType,
  type FilterState,
  type ListKind,
} from '#lib/filters';
import { RegionSheet } from './filter/RegionSheet';
import { useHydrated } from './hooks/useHydrated';
import styles from './FilterBar.module.css';

interface Props {
  kind: ListKind;
  /** The filters of the current address, as the server read them. */
  filter: FilterState;
  /** `/events`, `/photographers` or `/search`. */
  path: string;
  /** Query pairs kept on every change (the search page's keyword and state). */
  base?: [string, string][];
}

/**
 * The filter bar of the lists (spec §2, §4 Filters). Every change goes to the list's address with the
 * new query, so the server renders the filtered list and back/forward and shared links keep the
 * filters. The toggles are plain links (they work before hydration and without JavaScript); sort and
 * progress are native selects; regions open a bottom sheet.
 */
export function FilterBar({ kind, filter, path, base = [] }: Props) {
  const [regionsOpen, setRegionsOpen] = useState(false);
  // The selects and the region button work through this script; links work without it.
  const hydrated = useHydrated();
  const href = (next: FilterState) => listHref({ path, kind, filter: next, base });
  const go = (next: FilterState) => window.location.assign(href(next));
  const closeRegions = useCallback(() => setRegionsOpen(false), []);
  const t = browseCopy.filter;
  const choices = regionChoices(filter.regions, t.regionWhole);
  const firstChoice = choices[0];
  const regionText = !firstChoice
    ? t.region
    : choices.length > 1
      ? t.regionMore(firstChoice.label, choices.length - 1)
      : firstChoice.label;
  return (
    <div className={styles['bar']} role="group" aria-label={t.label}>
      <div className={styles['row']}>
        <a className={styles['reset']} href={href(resetFilter())} aria-label={t.resetLabel}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" />
          </svg>
          {t.reset}
        </a>
        <label className={`${styles['select']} ${filter.sortType !== 'LATEST' ? styles['on'] : ''}`}>
          <span className="sr-only">{t.sort}</span>
          <select
            disabled={!hydrated}
            value={filter.sortType}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (isOneOf(SORT_TYPES, v)) go({ ...filter, sortType: v });
            }}
          >
            {SORT_TYPES.map((s) => (
              <option key={s} value={s}>
                {SORT_TYPE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {kind === 'promotion' && (
          <label className={`${styles['select']} ${filter.progressStatus !== 'ALL' ? styles['on'] : ''}`}>
            <span className="sr-only">{t.progress}</span>
            <select
              disabled={!hydrated}
              value={filter.progressStatus}
              onChange={(e) => {
                const v = e.currentTarget.value;
                if (isOneOf(PROGRESS_FILTERS, v)) go({ ...filter, progressStatus: v });
              }}
            >
              {PROGRESS_FILTERS.map((p) => (
                <option key={p} value={p}>
                  {PROGRESS_FILTER_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className={`${styles['chip']} ${styles['menu']} ${choices.length > 0 ? styles['on'] : ''}`}
          aria-haspopup="dialog"
          aria-expanded={regionsOpen}
          disabled={!hydrated}
          onClick={() => setRegionsOpen(true)}
        >
          {choices.length > 0 && <span className="sr-only">{t.region}: </span>}
          {regionText}
        </button>
      </div>
      <div className={styles['row']}>
        {kind === 'promotion' &&
          PROMOTION_TYPES.map((type) => (
            <a
              key={type}
              className={`${styles['chip']} ${filter.type === type ? styles['on'] : ''}`}
              href={href(togglePromotionType(filter, type))}
              aria-current={filter.type === type ? 'true' : undefined}
            >
              {PROMOTION_TYPE_LABELS[type]}
              {filter.type === type && <span className="sr-only"> {t.selected}</span>}
            </a>
          ))}
        {kind === 'promotion' && <span className={styles['divider']} aria-hidden="true" />}
        {PHOTOGRAPHY_TYPES.map((type) => {
          const on = filter.photographyTypes.includes(type);
          return (
            <a
              key={type}
              className={`${styles['chip']} ${styles['type']} ${on ? styles['on'] : ''}`}
              href={href(togglePhotographyType(filter, type))}
              aria-current={on ? 'true' : undefined}
            >
              {PHOTOGRAPHY_TYPE_LABELS[type]}
              {on && <span className="sr-only"> {t.selected}</span>}
            </a>
          );
        })}
      </div>
      {regionsOpen && (
        <RegionSheet
          initial={filter.regions}
          onClose={closeRegions}
          onApply={(regions) => {
            setRegionsOpen(false);
            go({ ...filter, regions });
          }}
        />
      )}
    </div>
  );
}
