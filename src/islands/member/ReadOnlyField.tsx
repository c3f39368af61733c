import styles from './member-styles';

interface Props {
  /** The input's id; its help line is `${id}-help`. */
  id: string;
  label: string;
  value: string;
  /** Says why it cannot be changed here. */
  help: string;
}

/** A value the member sees on a form but cannot change there, with a line saying why. */
export function ReadOnlyField({ id, label, value, help }: Props) {
  return (
    <div className={styles['field']}>
      <label className={styles['label']} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles['input']}
        type="text"
        value={value}
        readOnly
        aria-readonly="true"
        aria-describedby={`${id}-help`}
      />
      <p id={`${id}-help`} className={styles['help']}>
        {help}
      </p>
    </div>
  );
}
