import { useId, useState, type FormEvent } from 'react';
import { isApiRequestError } from '#client/api';
import { copy } from '#lib/copy';
import { hasDirectionControls, VISIBLE_TEXT_MESSAGES } from '#lib/rules/visible-text';
import modal from '#islands/ConfirmModal.module.css';
import { Modal } from '#islands/Modal';
import { radio } from '#islands/inputs';
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
 * A modal form (src/islands/Modal: the platform's `<dialog>`, centred over a backdrop, focus kept
 * inside): a reason (radio choices) and a text. Text the server would refuse (direction controls) is
 * named under the field at once; the answer's Korean message is shown in place and what the member typed
 * is kept. Escape and the backdrop close it, focus returns to where it was.
 */
export function ReasonDialog(props: Props) {
  const { title, lead, choices = [], legend, textLabel, placeholder, maxLength, textRequired } = props;
  const [choice, setChoice] = useState<string | null>(choices[0]?.value ?? null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const textId = useId();
  const textHelpId = useId();
  const { onClose } = props;
  const needsText = textRequired(choice);
  const refused = hasDirectionControls(text) ? VISIBLE_TEXT_MESSAGES.direction : null;
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
    <Modal className={modal['modal']} aria-labelledby={titleId} onClose={onClose}>
      {/* Left-aligned inside the centred confirmation box: on its own element, whatever order the two
          modules' styles load in. */}
      <form className={styles['form']} onSubmit={(e) => void submit(e)}>
        <h2 id={titleId} className={modal['title']}>
          {title}
        </h2>
        <p className={styles['lead']}>{lead}</p>
        {choices.length > 0 && (
          <fieldset className={styles['choices']}>
            <legend className="sr-only">{legend}</legend>
            {choices.map((c) => (
              <label key={c.value} className={styles['choice']}>
                <input {...radio('reason', c.value, choice, setChoice)} />
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
          aria-invalid={refused !== null}
          aria-describedby={refused ? textHelpId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {refused && (
          <p id={textHelpId} className={styles['error']}>
            {refused}
          </p>
        )}
        {error && (
          <p className={styles['error']} role="alert">
            {error}
          </p>
        )}
        <div className={modal['actions']}>
          <button type="button" className={modal['cancel']} onClick={onClose}>
            {copy.common.cancel}
          </button>
          <button
            type="submit"
            className={modal['confirm']}
            disabled={sending || refused !== null || (needsText && text.trim() === '')}
          >
            {sending ? props.sendingLabel : props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
