/**
 * Dialogs and toasts shared by every island: one host renders them, any island opens them.
 */
import { atom } from 'nanostores';
import { readStorage, removeStorage, writeStorage } from '#client/browser';
import { copy } from '#lib/copy';
import { loginPathFrom } from '#lib/return-to';

export interface ConfirmDialog {
  kind: 'confirm';
  title: readonly string[];
  content?: readonly string[];
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  /** A notice with nothing to decide (a limit reached): only the confirm button, no 취소. */
  notice?: boolean;
}

export type Dialog = ConfirmDialog;

export const $dialog = atom<Dialog | null>(null);

export function openConfirm(dialog: Omit<ConfirmDialog, 'kind'>): void {
  $dialog.set({ kind: 'confirm', ...dialog });
}

export function closeDialog(): void {
  $dialog.set(null);
}

/**
 * The login-required dialog; the my-page icon uses the longer wording of the spec. Signing in from it
 * returns to this page (lib/return-to).
 */
export function openLoginRequired(variant: 'short' | 'myPage' = 'short'): void {
  const c = copy.loginRequired;
  openConfirm({
    title: variant === 'myPage' ? c.myPage : c.short,
    content: variant === 'myPage' ? c.myPageContent : c.shortContent,
    confirmLabel: c.action,
    onConfirm: () => {
      const here = globalThis.location;
      window.location.assign(loginPathFrom(`${here.pathname}${here.search}`));
    },
  });
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

export const $toasts = atom<Toast[]>([]);
let nextToastId = 1;

/** Shows a toast for `durationMs` (5 s by default, as the spec says), unless dismissed sooner. */
export function showToast(message: string, tone: Toast['tone'] = 'info', durationMs = 5000): void {
  const id = nextToastId++;
  $toasts.set([...$toasts.get(), { id, message, tone }]);
  setTimeout(() => dismissToast(id), durationMs);
}

/** The toast's ✕: gone at once. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

// --- a notice carried to the next page ---

const NOTICE_KEY = 'pageNotice';
/** Set by the server on its Not Found redirect to home (src/middleware.ts). */
export const NOT_FOUND_COOKIE = 'notice=not-found';

interface CarriedNotice {
  message: string;
  /** The path it is for; without one, whichever page this tab opens next. */
  to?: string;
}

function readCarried(): CarriedNotice | null {
  const raw = readStorage('session', NOTICE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CarriedNotice> | null;
    if (parsed && typeof parsed.message === 'string') {
      return typeof parsed.to === 'string' ? { message: parsed.message, to: parsed.to } : { message: parsed.message };
    }
  } catch {
    // Written as plain text by an earlier version of this page.
  }
  return { message: raw };
}

function currentPath(): string {
  return globalThis.location?.pathname ?? '';
}

/** The carried notice meant for this page, if any (one for another page waits for it). */
function carriedForHere(): CarriedNotice | null {
  const notice = readCarried();
  return notice && (notice.to === undefined || notice.to === currentPath()) ? notice : null;
}

/**
 * Leaves a message for the page this tab opens next (e.g. home after a withdrawal). With `to`, only
 * that page shows it: the page being left, whose toast host may still be starting, leaves it alone.
 */
export function carryNotice(message: string, to?: string): void {
  writeStorage('session', NOTICE_KEY, JSON.stringify(to === undefined ? { message } : { message, to }));
}

function hasNotFoundCookie(): boolean {
  const doc = globalThis.document as Document | undefined;
  return doc ? doc.cookie.split(';').some((c) => c.trim() === NOT_FOUND_COOKIE) : false;
}

/**
 * Something this page says on arrival (a carried notice, the Not Found notice) is waiting or showing:
 * home's first-visit dialog then keeps out of its way.
 */
export function hasArrivalNotice(): boolean {
  return $toasts.get().length > 0 || carriedForHere() !== null || hasNotFoundCookie();
}

/**
 * On arrival: the message a previous page carried here, and the Not Found notice when the server has
 * just redirected a missing page home. Each is shown once.
 */
export function showArrivalNotices(): void {
  const carried = carriedForHere();
  if (carried) {
    removeStorage('session', NOTICE_KEY);
    showToast(carried.message);
  }
  const doc = globalThis.document as Document | undefined;
  if (!doc) return;
  if (hasNotFoundCookie()) {
    doc.cookie = 'notice=; Path=/; Max-Age=0; SameSite=Lax';
    showToast(copy.notFound);
  }
}
