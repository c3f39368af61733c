import styles from './member-styles';

interface Props {
  /** The line's id, named by its field's aria-describedby. */
  id: string;
  /** What is wrong with the field; null while nothing is. */
  error: string | null | undefined;
  /** What the line says while nothing is wrong. */
  hint: string;
  /** Announce changes (for a line that changes without the field being typed in). */
  live?: boolean;
}

/** The line under a form field: its hint, or in the error tone what is wrong. */
export function FieldHelp({ id, error, hint, live = false }: Props) {
  return (
    <p id={id} className={styles['help']} data-tone={error ? 'error' : 'hint'} aria-live={live ? 'polite' : undefined}>
      {error ?? hint}
    </p>
  );
}
