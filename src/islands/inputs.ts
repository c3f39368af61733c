/** Props that several forms' inputs spread: one rule each, the same wherever such an input is. */

/**
 * The props of one radio button of a group: named like the others, checked while it is the group's
 * value, choosing it sets the group's value. `<input {...radio('gender', g, state.gender, setGender)} />`
 */
export function radio<T extends string>(name: string, value: T, selected: T | null, choose: (value: T) => void) {
  return { type: 'radio', name, value, checked: value === selected, onChange: () => choose(value) } as const;
}

/**
 * A field typed like an address (a link, an Instagram id): the keyboard with `/` and `.`, no capital
 * first letter, no spelling marks.
 */
export const ADDRESS_TYPING = { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } as const;
