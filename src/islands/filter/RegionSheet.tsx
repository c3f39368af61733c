import { useId, useState } from 'react';
import { copy } from '#lib/copy';
import { browseCopy } from '#lib/copy-browse';
import {
  isCategorySelected,
  isClusterSelected,
  regionChoices,
  selectedCountIn,
  toggleRegionCategory,
  toggleRegionCluster,
} from '#lib/filters';
import { REGION_CLUSTER_GROUPS, parseRegionKey } from '#lib/regions';
import { Modal } from '#islands/Modal';
import { SheetHead } from '#islands/SheetHead';
import styles from '#islands/FilterBar.module.css';

interface Props {
  initial: readonly string[];
  onApply: (regions: string[]) => void;
  onClose: () => void;
}

/**
 * The region bottom sheet: categories on the left, the category as a whole and its clusters on the
 * right. Nothing changes in the address until 적용하기.
 */
export function RegionSheet({ initial, onApply, onClose }: Props) {
  const t = browseCopy.filter;
  const [values, setValues] = useState<string[]>([...initial]);
  const firstChosen = initial[0] ? (parseRegionKey(initial[0])?.category ?? initial[0]) : undefined;
  const [category, setCategory] = useState<string>(firstChosen ?? REGION_CLUSTER_GROUPS[0]?.category ?? '');
  const titleId = useId();
  const panelId = useId();
  const group = REGION_CLUSTER_GROUPS.find((g) => g.category === category);
  const choices = regionChoices(values, t.regionWhole);
  return (
    <Modal className={styles['sheet']} aria-labelledby={titleId} onClose={onClose}>
      <SheetHead titleId={titleId} title={t.regionSheetTitle} closeLabel={copy.common.close} onClose={onClose} />
      <div className={styles['sheetBody']}>
        <ul className={styles['categories']} aria-label={t.regionCategories}>
          {REGION_CLUSTER_GROUPS.map((g) => {
            const n = selectedCountIn(values, g.category);
            return (
              <li key={g.category}>
                <button
                  type="button"
                  className={g.category === category ? styles['current'] : undefined}
                  aria-pressed={g.category === category}
                  aria-controls={panelId}
                  onClick={() => setCategory(g.category)}
                >
                  {g.category}
                  {n > 0 && (
                    <span className={styles['badge']}>
                      <span aria-hidden="true">{n}</span>
                      <span className="sr-only">{t.regionCount(n)}</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <fieldset id={panelId} className={styles['clusters']}>
          <legend className="sr-only">{category}</legend>
          <label className={styles['option']}>
            <input
              type="checkbox"
              checked={isCategorySelected(values, category)}
              onChange={() => setValues((v) => toggleRegionCategory(v, category))}
            />
            <span>{t.regionWhole(category)}</span>
          </label>
          {(group?.clusters ?? []).map((cluster) => (
            <label key={cluster} className={styles['option']}>
              <input
                type="checkbox"
                checked={isCategorySelected(values, category) || isClusterSelected(values, category, cluster)}
                disabled={isCategorySelected(values, category)}
                onChange={() => setValues((v) => toggleRegionCluster(v, category, cluster))}
              />
              <span>{cluster}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {choices.length > 0 && (
        <p className={styles['summary']} aria-live="polite">
          {choices.map((c) => c.label).join(', ')}
        </p>
      )}
      <div className={styles['sheetActions']}>
        <button type="button" className={styles['secondary']} onClick={() => setValues([])}>
          {t.clear}
        </button>
        <button type="button" className={styles['primary']} onClick={() => onApply(values)}>
          {choices.length > 0 ? t.applyCount(choices.length) : t.apply}
        </button>
      </div>
    </Modal>
  );
}
