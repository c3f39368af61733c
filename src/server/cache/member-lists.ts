/**
 * Members' list answers from kept state (`GET /api/v1/promotions/list` and `/photographers/list` with a
 * token, search included): the shared answer for the filter (`shared-lists.ts`) with the caller's
 * `isSaved` and own save counts laid over it from what this instance keeps of the member (`members.ts`)
 * — no database round trip.
 *
 * It answers only when everything it needs is already here and exact: a principal verified and read a
 * moment ago, the member's saved ids, a fresh shared answer rendered after this instance began hearing
 * every save. Anything else is made from the database (which warms what is missing), so the answer is
 * the same either way.
 */
import type { PhotographerListItem, PromotionListItem } from '#lib/contract';
import type { Page } from '#lib/page';
import { bearerToken } from '#server/auth/principal';
import { cachedRouteOf, inputKey } from './routes';
import { knownPrincipal, ownCount, savedIds, togglesKnownSince, type SaveKind } from './members';
import { isFresh, lookup, storeEnabled, type Entry } from './store';

type ListPage = Page<PromotionListItem> | Page<PhotographerListItem>;

/**
 * A shared answer cut once into JSON pieces: the text around its items, and each item's JSON as saved
 * and as not saved. A member's answer is then a join of pieces (a few µs) instead of a parse and a
 * stringify (about 40 µs for a page of 20 events).
 */
interface Pieces {
  page: ListPage;
  head: string;
  tail: string;
  saved: string[];
  unsaved: string[];
}

const ITEMS = '__damabwa_items__';
const pieces = new WeakMap<Entry, Pieces>();

function piecesOf(e: Entry): Pieces {
  let p = pieces.get(e);
  if (!p) {
    const page = JSON.parse(e.body.toString('utf8')) as ListPage;
    const [head = '', tail = ''] = JSON.stringify({ ...page, items: ITEMS }).split(JSON.stringify(ITEMS));
    const items = page.items as (PromotionListItem | PhotographerListItem)[];
    p = {
      page,
      head,
      tail,
      saved: items.map((i) => JSON.stringify({ ...i, isSaved: true })),
      unsaved: items.map((i) => JSON.stringify({ ...i, isSaved: false })),
    };
    pieces.set(e, p);
  }
  return p;
}

/**
 * A member's answer (its JSON text) of the list at `url`, whose items are `kind`, made from kept state, or
 * null when something it needs is not kept here (it is made from the database then). The HTTP part is
 * `#server/http/member-list-answers`.
 */
export function keptMemberList(
  url: URL,
  kind: SaveKind,
  authorization: string | undefined,
  now = Date.now(),
): string | null {
  if (!storeEnabled()) return null;
  const token = bearerToken(authorization);
  if (!token) return null;
  const principal = knownPrincipal(token, now);
  if (!principal) return null;
  const saved = savedIds(principal.id, kind);
  if (!saved) return null;
  const route = cachedRouteOf(url);
  const key = route && inputKey(route, url);
  if (!key) return null;
  const e = lookup(`data:${key}`);
  if (!e || !isFresh(e, now) || e.renderedAt < togglesKnownSince()) return null;
  const p = piecesOf(e);
  const items = p.page.items.map((item, i) => {
    const isSaved = saved.has(item.id);
    // The count the member's own save or unsave left, when it came after this answer was rendered.
    const count = kind === 'promotion' ? ownCount(principal.id, kind, item.id, e.renderedAt) : undefined;
    if (count !== undefined) return JSON.stringify({ ...item, isSaved, saveCount: count });
    return (isSaved ? p.saved : p.unsaved)[i];
  });
  return `${p.head}[${items.join(',')}]${p.tail}`;
}
