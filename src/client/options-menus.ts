/**
 * Mounts a detail page's options menu (`OptionsMenuSlot.astro`) in the browser, without an island
 * (decision 008): the menus show only to a signed-in member, and the session is the browser's,
 * so a server render of them was always empty, at the cost of a React render per page. Loaded by
 * BaseLayout's `AfterPaint` island after the largest paint; each menu's module is fetched only then.
 */
import { createElement, type FunctionComponent } from 'react';
import { createRoot } from 'react-dom/client';

type Menu = FunctionComponent<{ id: number }>;

const MENUS = {
  event: () => import('#islands/EventOptionsMenu').then((m): Menu => m.EventOptionsMenu),
  photographer: () => import('#islands/PhotographerOptionsMenu').then((m): Menu => m.PhotographerOptionsMenu),
} satisfies Record<string, () => Promise<Menu>>;

export type OptionsMenuKind = keyof typeof MENUS;

function isKind(value: string | undefined): value is OptionsMenuKind {
  return value !== undefined && Object.hasOwn(MENUS, value);
}

/** Mounts the menu of every slot of the document not mounted yet; safe to call again. */
export function mountOptionsMenus(doc: Document = document): void {
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-options-menu]:not([data-live])')) {
    const kind = slot.dataset['optionsMenu'];
    const id = Number(slot.dataset['optionsId']);
    if (!isKind(kind) || !Number.isSafeInteger(id) || id <= 0) continue;
    slot.dataset['live'] = '';
    void MENUS[kind]().then((Menu) => createRoot(slot).render(createElement(Menu, { id })));
  }
}
