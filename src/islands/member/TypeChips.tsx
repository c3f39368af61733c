import { PHOTOGRAPHY_TYPES, PHOTOGRAPHY_TYPE_LABELS, type PhotographyType } from '#lib/domain';
import { ChoiceLegend } from './ChoiceLegend';
import styles from './member-styles';

interface Props {
  label: string;
  hint: string;
  selected: readonly PhotographyType[];
  max: number;
  onToggle: (type: PhotographyType) => void;
}

/** Photography types as checkboxes; the unchosen ones are disabled once `max` are chosen. */
export function TypeChips({ label, hint, selected, max, onToggle }: Props) {
  const full = selected.length >= max;
  return (
    <fieldset className={styles['field']}>
      <ChoiceLegend label={label} hint={hint} count={selected.length} max={max} />
      <div className={styles['chips']}>
        {PHOTOGRAPHY_TYPES.map((type) => {
          const checked = selected.includes(type);
          return (
            <label key={type} className={styles['chip']}>
              <input type="checkbox" checked={checked} disabled={!checked && full} onChange={() => onToggle(type)} />
              <span>{PHOTOGRAPHY_TYPE_LABELS[type]}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
