import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiRequestError } from '#client/api';
import { copy } from '#lib/copy';
import modal from '#islands/ConfirmModal.module.css';
import styles from './ReasonDialog.module.css';

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  title: string;
  lead: string;
  /** Reasons to pick from (the report); none for a free-text reason only (hiding). */
  choices?: readonly Choice[];
  legend?: string;
  textLabel: string;
  placeholder?: string;
  maxLength: number;
  /** Whether the text is required for this choice (기타), or always when there are no choices. */
  textRequired: (choice: string | null) => boolean;
  submitLabel: string;
  sendingLabel: string;
  onSubmit: (choice: string | null, text: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A modal form: a reason (radio choices) and a text. The answer's Korean message is shown in place and
 * what the member typed is kept; Escape and the backdrop close it, focus returns to where it was.
 */
export function ReasonDialog(props: Props) {
  const { title, lead, choices = [], legend, textLabel, placeholder, maxLength, textRequired } = props;
  const [choice, setChoice] = useState<string | null>(choices[0]?.value ?? null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const textId = useId();
  const { onClose } = props;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    document.body.classList.add('scroll-locked');
    formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('scroll-locked');
      previous?.focus?.();
    };
  }, [onClose]);
  const needsText = textRequired(choice);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await props.onSubmit(choice, text);
    } catch (err) {
      setError(isApiRequestError(err) ? err.message : copy.errors.unexpected);
      setSending(false);
    }
  };
  return (
    <div className={modal['overlay']} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form
        ref={formRef}
        className={`${modal['modal']} ${styles['form']}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={(e) => void submit(e)}
      >
        <h2 id={titleId} className={modal['title']}>
          {title}
        </h2>
        <p className={styles['lead']}>{lead}</p>
        {choices.length > 0 && (
          <fieldset className={styles['choices']}>
            <legend className="sr-only">{legend}</legend>
            {choices.map((c) => (
              <label key={c.value} className={styles['choice']}>
                <input
                  type="radio"
                  name="reason"
                  value={c.value}
                  checked={choice === c.value}
                  onChange={() => setChoice(c.value)}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
        <label htmlFor={textId} className={styles['textLabel']}>
          {textLabel}
        </label>
        <textarea
          id={textId}
          className={styles['text']}
          value={text}
          maxLength={maxLength}
          rows={3}
          required={needsText}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p className={styles['error']} role="alert">
            {error}
          </p>
        )}
        <div className={modal['actions']}>
          <button type="button" className={modal['cancel']} onClick={onClose}>
            {copy.common.cancel}
          </button>
          <button type="submit" className={modal['confirm']} disabled={sending || (needsText && text.trim() === '')}>
            {sending ? props.sendingLabel : props.submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
