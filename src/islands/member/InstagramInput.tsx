import { memberCopy } from '#lib/copy-member';
import own from './InstagramInput.module.css';
import styles from './member-styles';
import { ADDRESS_TYPING } from '#islands/inputs';

interface Props {
  id: string;
  /** Normalised while typing by the store (lower-case, 0-9 a-z . _, at most 30). */
  value: string;
  onInput: (value: string) => void;
  /** Sign-up's example id and its '@' in front of the field. */
  placeholder?: string;
  atSign?: boolean;
}

/** The optional Instagram id with its rule under it: sign-up, edit user and the page editor. */
export function InstagramInput({ id, value, onInput, placeholder, atSign = false }: Props) {
  const t = memberCopy.edit;
  const input = (
    <input
      id={id}
      className={styles['input']}
      type="text"
      {...ADDRESS_TYPING}
      autoComplete="off"
      autoCorrect="off"
      value={value}
      placeholder={placeholder}
      aria-describedby={`${id}-help`}
      onChange={(e) => onInput(e.target.value)}
    />
  );
  return (
    <div className={styles['field']}>
      <label className={styles['label']} htmlFor={id}>
        {t.instagram}
        <span className={styles['labelNote']}>{t.optional}</span>
      </label>
      {atSign ? (
        <div className={own['prefixed']}>
          <span aria-hidden="true">@</span>
          {input}
        </div>
      ) : (
        input
      )}
      <p id={`${id}-help`} className={styles['help']}>
        {t.instagramHelp}
      </p>
    </div>
  );
}
