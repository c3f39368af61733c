import { useEffect, useRef } from 'react';

/**
 * Once a list's items are there, brings the element the address's `#fragment` names into view (a
 * notification's link, `/my/applications#application-12`): the browser looked for it before the island
 * rendered the list. Once per page view.
 */
export function useScrollToHash(ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    const id = decodeURIComponent(globalThis.location?.hash.slice(1) ?? '');
    if (!id) return;
    const el = document.getElementById(id);
    if (!el) return;
    done.current = true;
    el.scrollIntoView({ block: 'center' });
    el.setAttribute('data-targeted', 'true');
  }, [ready]);
}
