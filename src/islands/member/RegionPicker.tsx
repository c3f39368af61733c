import { useId, useState } from 'react';
import { memberCopy } from '#lib/copy-member';
import type { Region } from '#lib/domain';
import { REGION_GROUPS, regionKeyOf } from '#lib/regions';
import { sameRegion } from '#lib/member-forms';
import { ChoiceLegend } from './ChoiceLegend';
import styles from './member-styles';

interface Props {
  label: string;
  hint: string;
  selected: readonly Region[];
  max: number;
  onToggle: (region: Region) => void;
}

/** Regions from the region data: a category list, its regions as checkboxes, the chosen ones as chips. */
export function RegionPicker({ label, hint, selected, max, onToggle }: Props) {
  const [category, setCategory] = useState<string | null>(null);
  const name = useId();
  const t = memberCopy.edit;
  const shown = category ?? selected[0]?.category ?? REGION_GROUPS[0]?.category ?? '';
  const group = REGION_GROUPS.find((g) => g.category === shown);
  const full = selected.length >= max;
  return (
    <fieldset className={styles['field']}>
      <ChoiceLegend label={label} hint={hint} count={selected.length} max={max} />
      {selected.length > 0 && (
        <ul className={styles['selectedList']}>
          {selected.map((r) => (
            <li key={regionKeyOf(r)}>
              <button
                type="button"
                className={styles['selectedChip']}
                aria-label={t.removeRegion(regionKeyOf(r))}
                onClick={() => onToggle(r)}
              >
                {regionKeyOf(r)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles['regionPicker']}>
        <div className={styles['categories']} role="radiogroup" aria-label={t.regionCategories}>
          {REGION_GROUPS.map((g) => (
            <label key={g.category} className={styles['category']}>
              <input type="radio" name={name} checked={g.category === shown} onChange={() => setCategory(g.category)} />
              <span>{g.category}</span>
            </label>
          ))}
        </div>
        {group && (
          <div className={styles['regionGrid']} role="group" aria-label={group.category}>
            {group.regions.map((regionName) => {
              const region = { category: group.category, name: regionName };
              const checked = selected.some((r) => sameRegion(r, region));
              return (
                <label key={regionName} className={styles['chip']}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(region)}
                  />
                  <span>{regionName}</span>
                </label>
              );
            })}
          </div>
        )}
      </div>
    </fieldset>
  );
}
