import { memberCopy } from '#lib/copy-member';
import { graphemeLength } from '#lib/text';
import styles from './member-styles';

interface Props {
  id: string;
  text: string;
  max: number;
}

/** `123/500` under a text field; red once over the limit. */
export function CharCounter({ id, text, max }: Props) {
  const n = graphemeLength(text);
  return (
    <p id={id} className={styles['counter']} data-over={n > max}>
      <span aria-hidden="true">{memberCopy.edit.counter(n, max)}</span>
      <span className="sr-only">{memberCopy.edit.counterLabel(n, max)}</span>
    </p>
  );
}
