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

/** Leaves a message for whichever page this tab opens next (e.g. home after a withdrawal). */
export function carryNotice(message: string): void {
  writeStorage('session', NOTICE_KEY, message);
}

/**
 * On arrival: the message a previous page carried here, and the Not Found notice when the server has
 * just redirected a missing page home. Each is shown once.
 */
export function showArrivalNotices(): void {
  const carried = readStorage('session', NOTICE_KEY);
  if (carried) {
    removeStorage('session', NOTICE_KEY);
    showToast(carried);
  }
  const doc = globalThis.document as Document | undefined;
  if (!doc) return;
  const cookies = doc.cookie.split(';').map((c) => c.trim());
  if (cookies.includes(NOT_FOUND_COOKIE)) {
    doc.cookie = 'notice=; Path=/; Max-Age=0; SameSite=Lax';
    showToast(copy.notFound);
  }
}
