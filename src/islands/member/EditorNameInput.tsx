import { useStore } from '@nanostores/react';
import type { NameField } from '#lib/member-forms';
import { $nameError, type NameEditing } from '#stores/profile-edit';
import { NameInput } from './NameInput';

interface Props {
  id: string;
  /** The editor's name: its kind, typing and check. */
  editing: NameEditing;
  /** The editor's state: the name as typed and the one saved now. */
  state: { nickname: NameField; original: { nickname: string } };
}

/** The name field of a member editor (/edit/user, /edit/photographer) with its duplicate check. */
export function EditorNameInput({ id, editing, state }: Props) {
  const checkError = useStore($nameError);
  return (
    <NameInput
      id={id}
      kind={editing.kind}
      field={state.nickname}
      original={state.original.nickname}
      checkError={checkError}
      onInput={editing.set}
      onCheck={() => void editing.check()}
    />
  );
}
