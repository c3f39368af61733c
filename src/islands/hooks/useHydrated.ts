import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until the island has hydrated, then true. Controls that only work with
 * the island's script are disabled until then, so an early tap is not silently lost (and, without
 * JavaScript, they are not offered as if they worked).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
