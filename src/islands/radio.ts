/**
 * The props of one radio button of a group: named like the others, checked while it is the group's
 * value, choosing it sets the group's value. `<input {...radio('gender', g, state.gender, setGender)} />`
 */
export function radio<T extends string>(name: string, value: T, selected: T | null, choose: (value: T) => void) {
  return { type: 'radio', name, value, checked: value === selected, onChange: () => choose(value) } as const;
}
