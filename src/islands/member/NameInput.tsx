import { memberCopy } from '#lib/copy-member';
import {
  canCheckName,
  isNameAvailable,
  isNameChanged,
  nameRule,
  type NameField,
  type NameKind,
  type NameStatus,
} from '#lib/member-forms';
import {
  PHOTOGRAPHER_NAME_HINTS,
  PHOTOGRAPHER_NAME_MESSAGES,
  USER_NICKNAME_HINTS,
  USER_NICKNAME_MESSAGES,
} from '#lib/rules/member';
import styles from './member-styles';

interface Props {
  id: string;
  kind: NameKind;
  field: NameField;
  /** The name saved now: unchanged needs no check. */
  original: string;
  /** A failed check call, in Korean. */
  checkError: string | null;
  onInput: (value: string) => void;
  onCheck: () => void;
  /** Sign-up's own wording: the placeholder and the line under the field. */
  placeholder?: string;
  status?: NameStatus;
  /** Enter checks the name instead of submitting the form (the sign-up step). */
  checkOnEnter?: boolean;
}

/** The line under the field: hint, format error, check required, or the check's answer. */
export function nameStatus(kind: NameKind, field: NameField, original: string, checkError: string | null): NameStatus {
  const m = kind === 'USER' ? USER_NICKNAME_MESSAGES : PHOTOGRAPHER_NAME_MESSAGES;
  const hint = kind === 'USER' ? USER_NICKNAME_HINTS.short : PHOTOGRAPHER_NAME_HINTS.long;
  if (checkError) return { tone: 'error', message: checkError };
  const rule = nameRule(kind, field.value);
  if (!rule.ok) return { tone: 'error', message: rule.message };
  if (!isNameChanged(kind, field, original)) return { tone: 'hint', message: memberCopy.edit.unchangedName };
  if (field.check === 'duplicate' && field.checked === rule.value) return { tone: 'error', message: m.duplicate };
  if (isNameAvailable(kind, field)) return { tone: 'success', message: m.available };
  if (field.check === 'checking') return { tone: 'hint', message: memberCopy.edit.checking };
  return { tone: 'hint', message: `${m.checkRequired} (${hint})` };
}

/** A name with its duplicate check button (user nickname or business/activity name). */
export function NameInput(props: Props) {
  const { id, kind, field, original, checkError, onInput, onCheck } = props;
  const t = memberCopy.edit;
  const status = props.status ?? nameStatus(kind, field, original, checkError);
  const canCheck = canCheckName(kind, field, original);
  const statusId = `${id}-status`;
  return (
    <div className={styles['field']}>
      <label className={`${styles['label']} ${styles['required']}`} htmlFor={id}>
        {kind === 'USER' ? t.nickname : t.photographerName}
      </label>
      <div className={styles['row']}>
        <input
          id={id}
          className={styles['input']}
          type="text"
          autoComplete="nickname"
          value={field.value}
          placeholder={props.placeholder}
          aria-invalid={status.tone === 'error'}
          aria-describedby={statusId}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={(e) => {
            if (!props.checkOnEnter || e.key !== 'Enter') return;
            e.preventDefault();
            if (canCheck) onCheck();
          }}
        />
        <button
          type="button"
          className={styles['secondary']}
          disabled={!canCheck}
          aria-busy={field.check === 'checking'}
          onClick={onCheck}
        >
          {field.check === 'checking' ? t.checking : t.check}
        </button>
      </div>
      <p id={statusId} className={styles['help']} data-tone={status.tone} aria-live="polite">
        {status.message}
      </p>
    </div>
  );
}
