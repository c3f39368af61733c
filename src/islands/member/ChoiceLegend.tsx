import { memberCopy } from '#lib/copy-member';
import styles from './member-styles';

interface Props {
  label: string;
  hint: string;
  /** How many are chosen, of at most `max`. */
  count: number;
  max: number;
}

/** The legend of a required pick-up-to-N field: its name, the hint and how many are chosen. */
export function ChoiceLegend({ label, hint, count, max }: Props) {
  return (
    <legend className={`${styles['label']} ${styles['required']}`}>
      {label}
      <span className={styles['labelNote']}>
        {hint} · {memberCopy.edit.selected(count, max)}
      </span>
    </legend>
  );
}
