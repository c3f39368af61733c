import { useState } from 'react';

/**
 * A form's problems shown field by field: a field's once the member has left it, every field's while
 * `all` holds (after a tap on the button). `shown(field)` is the problem to show, or null;
 * `control(field)` is spread on the field's input: invalid while its problem shows, touched when left.
 */
export function useFieldProblems<F extends string>(problemOf: (field: F) => string | null | undefined, all = false) {
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const touch = (field: F) => setTouched((s) => (s.has(field) ? s : new Set([...s, field])));
  const shown = (field: F): string | null => (all || touched.has(field) ? (problemOf(field) ?? null) : null);
  const control = (field: F) => ({ 'aria-invalid': shown(field) !== null, onBlur: () => touch(field) });
  return { shown, touch, control };
}
