/**
 * The browse cards' markup, built as strings (decision 008): an event card (`list` row or
 * home `strip`), a photographer card, and the parts pages also show alone (the save button, the
 * deadline label). A list page rendered ten cards as forty Astro components (card, picture, deadline
 * label, save button), which cost more than the rest of the page's markup; these functions write the
 * same elements in one pass. Every text and attribute value goes through `escapeHtml`. The cards'
 * styles are `cards.css` (under `.event-card` and `.photographer-card`); the save button's are
 * `SaveToggle.module.css`, the React toggle's, whose markup is the same (`#lib/save-button`).
 */
import styles from '#islands/SaveToggle.module.css';
import type { EventCardData, PhotographerCardData } from '#lib/cards';
import { copy } from '#lib/copy';
import { reviewCopy } from '#lib/copy-reviews';
import { cardDeadline, cardDeadlineLabel, detailDeadlineLabel } from '#lib/deadline';
import { regionsLabel, typesLabel } from '#lib/display';
import { PROMOTION_TYPE_LABELS } from '#lib/domain';
import { escapeHtml } from '#lib/html';
import { pictureAttrs, type PictureSlotName } from '#lib/media-urls';
import { paths } from '#lib/paths';
import { SAVE_ICON_PATH, saveButtonClasses, saveButtonView, type SaveButtonVariant } from '#lib/save-button';
import { cutEventTitle, cutPhotographerNickname } from '#lib/text';
import type { SaveKind } from '#stores/saves';

export type HeadingLevel = 'h2' | 'h3';

/** `name="value"` with the value escaped; nothing when the value is missing. */
const attr = (name: string, value: string | number | undefined | null): string =>
  value === undefined || value === null ? '' : ` ${name}="${escapeHtml(value)}"`;

/**
 * The square picture of a card, filling its frame. `slot` says how wide the frame is, so the browser
 * picks the variant that fills it (`srcset`/`sizes`). The first cards of a list are above the fold
 * (`eager`: no lazy loading) and the first one or two are its largest paint (`priority`).
 */
export function cardPictureHtml(
  src: string,
  slot: Extract<PictureSlotName, 'listRow' | 'strip' | 'grid'>,
  eager: boolean,
  priority: boolean,
): string {
  const p = pictureAttrs(src, slot);
  return (
    `<img${attr('src', p.src)}${attr('srcset', p.srcset)}${attr('sizes', p.sizes)} alt="" width="480" height="480"` +
    ` loading="${eager || priority ? 'eager' : 'lazy'}" fetchpriority="${priority ? 'high' : 'auto'}" decoding="async">`
  );
}

/**
 * The event deadline label (spec §4), for the day `now` falls on; the browser recomputes it from the
 * dates after the largest paint (`src/client/deadline-labels.ts`), so a kept page never shows
 * yesterday's count. `card`: '마감까지 D-3'; `detail`: '이벤트 마감까지 D-3'.
 */
export function deadlineLabelHtml(
  dates: { startedAt: string; endedAt: string },
  { variant = 'card', className, now }: { variant?: 'card' | 'detail'; className?: string | undefined; now: number },
): string {
  const { startedAt, endedAt } = dates;
  const label = variant === 'detail' ? detailDeadlineLabel(endedAt, now) : cardDeadlineLabel(startedAt, endedAt, now);
  const kind = cardDeadline(startedAt, endedAt, now).kind;
  return (
    `<span class="deadline${className ? ` ${escapeHtml(className)}` : ''}" data-deadline="${variant}"` +
    `${attr('data-start', startedAt)}${attr('data-end', endedAt)} data-kind="${kind}">${escapeHtml(label)}</span>`
  );
}

export interface SaveButtonProps {
  kind: SaveKind;
  id: number;
  /** The public count the server rendered. */
  count: number;
  /** What is saved, for the accessible name (`{name} 저장하기`). */
  name: string;
  variant?: SaveButtonVariant;
  /**
   * How the visitor's saved state is filled: `batch`, one call for every `batch` button of the page;
   * `detail`, the event page's details call (which also counts the view); none, the store only.
   */
  load?: 'batch' | 'detail' | undefined;
}

/**
 * The save button (bookmark and count) of server-rendered pages, without an island (decision 008): what
 * `SaveToggle` renders before it mounts (nothing known yet: not saved, disabled, the public count), plus
 * what `src/client/save-buttons.ts` needs to make it live after the largest paint.
 */
export function saveButtonHtml({ kind, id, count, name, variant = 'card', load }: SaveButtonProps): string {
  const view = saveButtonView(undefined, count, false);
  const t = copy.browse.save;
  return (
    `<button type="button"${attr('class', saveButtonClasses(styles, variant))}` +
    ` aria-pressed="${view.saved ? 'true' : 'false'}" aria-busy="${view.busy ? 'true' : 'false'}"` +
    `${view.disabled ? ' disabled' : ''} data-save="${kind}"${attr('data-save-id', id)}` +
    `${attr('data-save-count', view.count)}${attr('data-save-load', load)}>` +
    `<svg${attr('class', styles['icon'])} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">` +
    `<path d="${SAVE_ICON_PATH}"></path></svg>` +
    `<span class="sr-only">${escapeHtml(t.save(name))}</span>` +
    `<span${attr('class', styles['count'])} aria-hidden="true" data-count>${view.count}</span>` +
    `<span class="sr-only" data-count-label>${escapeHtml(t.count(view.count))}</span></button>`
  );
}

/** A name cut for a narrow card: the cut shown, the whole name for screen readers. */
function cutNameHtml(whole: string, cut: string): string {
  return cut === whole
    ? escapeHtml(whole)
    : `<span aria-hidden="true">${escapeHtml(cut)}</span><span class="sr-only">${escapeHtml(whole)}</span>`;
}

const typesHtml = (label: string) =>
  `<p class="types"><span class="sr-only">${escapeHtml(copy.browse.card.types)}: </span>${escapeHtml(label)}</p>`;

export interface CardOptions {
  /** Above the fold: no lazy loading. */
  eager?: boolean;
  /** The list's largest paint: fetched before anything else. */
  priority?: boolean;
  headingLevel?: HeadingLevel;
}

/**
 * An event card: thumbnail, title, promotion type, regions, photography types and deadline label.
 * `list` is the full-width row of the lists, with a save button; `strip` is the narrow home card, whose
 * title is cut to the spec's 8 characters when longer than 9.
 */
export function eventCardHtml(
  e: EventCardData,
  { variant, eager = false, priority = false, headingLevel = 'h3' }: CardOptions & { variant: 'list' | 'strip' },
  now: number,
): string {
  const list = variant === 'list';
  const picture = e.thumbnailUrl ? cardPictureHtml(e.thumbnailUrl, list ? 'listRow' : 'strip', eager, priority) : '';
  const ribbon = list ? '' : deadlineLabelHtml(e, { className: 'ribbon', now });
  const meta = list
    ? `<p class="meta"><span class="ptype ${e.promotionType.toLowerCase()}">${escapeHtml(PROMOTION_TYPE_LABELS[e.promotionType])}</span>` +
      `${deadlineLabelHtml(e, { className: 'due', now })}</p>`
    : '';
  const title = cutNameHtml(e.title, list ? e.title : cutEventTitle(e.title));
  const regions =
    list && e.activeRegions.length > 0 ? `<p class="regions">${escapeHtml(regionsLabel(e.activeRegions))}</p>` : '';
  const save = list
    ? `<div class="save">${saveButtonHtml({ kind: 'promotion', id: e.id, count: e.saveCount, name: e.title, load: 'batch' })}</div>`
    : '';
  return (
    `<article class="event-card ${variant}"><a class="link"${attr('href', paths.event(e.id))} data-detail-link>` +
    `<div class="thumb">${picture}${ribbon}</div>` +
    `<div class="info">${meta}<${headingLevel} class="title">${title}</${headingLevel}>${regions}` +
    `${typesHtml(typesLabel(e.photographyTypes))}</div></a>${save}</article>`
  );
}

/** ★ 4.3 (12) under a photographer's name, said in words to screen readers; nothing without reviews. */
function ratingHtml(rating: PhotographerCardData['rating']): string {
  if (!rating || rating.count < 1) return '';
  return (
    `<p class="rating"><span aria-hidden="true"><span class="star">★</span> ` +
    `${escapeHtml(reviewCopy.cardRating(rating.average, rating.count))}</span>` +
    `<span class="sr-only">${escapeHtml(reviewCopy.ratingSr(rating.average, rating.count))}</span></p>`
  );
}

/** A photographer card of the two-column grids: profile picture, cut nickname, rating, main photography types. */
export function photographerCardHtml(
  p: PhotographerCardData,
  { eager = false, priority = false, headingLevel = 'h3' }: CardOptions = {},
): string {
  const picture = p.thumbnailUrl ? cardPictureHtml(p.thumbnailUrl, 'grid', eager, priority) : '';
  return (
    `<article class="photographer-card"><a class="link"${attr('href', paths.photographer(p.id))} data-detail-link>` +
    `<div class="photo">${picture}</div>` +
    `<${headingLevel} class="name">${cutNameHtml(p.nickname, cutPhotographerNickname(p.nickname))}</${headingLevel}>` +
    `${ratingHtml(p.rating)}${typesHtml(typesLabel(p.mainPhotographyTypes))}</a></article>`
  );
}

/** List items of cards: the first `eager` load at once, the first `priority` are fetched first. */
export function cardItemsHtml<T>(
  items: readonly T[],
  card: (item: T, options: CardOptions) => string,
  { eager = 0, priority = 0, headingLevel = 'h3' }: { eager?: number; priority?: number; headingLevel?: HeadingLevel },
): string {
  let html = '';
  items.forEach((item, i) => {
    html += `<li>${card(item, { eager: i < eager, priority: i < priority, headingLevel })}</li>`;
  });
  return html;
}
