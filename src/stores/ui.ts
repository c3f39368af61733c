/**
 * Dialogs and toasts shared by every island: one host renders them, any island opens them.
 */
import { atom } from 'nanostores';
import { copy } from '../lib/copy';

export interface ConfirmDialog {
  kind: 'confirm';
  title: readonly string[];
  content?: readonly string[];
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
}

export type Dialog = ConfirmDialog;

export const $dialog = atom<Dialog | null>(null);

export function openConfirm(dialog: Omit<ConfirmDialog, 'kind'>): void {
  $dialog.set({ kind: 'confirm', ...dialog });
}

export function closeDialog(): void {
  $dialog.set(null);
}

/** The login-required dialog; the my-page icon uses the longer wording of the spec. */
export function openLoginRequired(variant: 'short' | 'myPage' = 'short'): void {
  const c = copy.loginRequired;
  openConfirm({
    title: variant === 'myPage' ? c.myPage : c.short,
    content: variant === 'myPage' ? c.myPageContent : c.shortContent,
    confirmLabel: c.action,
    onConfirm: () => {
      window.location.assign('/login');
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

/** Shows a toast for `durationMs` (5 s by default, as the spec says). */
export function showToast(message: string, tone: Toast['tone'] = 'info', durationMs = 5000): void {
  const id = nextToastId++;
  $toasts.set([...$toasts.get(), { id, message, tone }]);
  setTimeout(() => {
    $toasts.set($toasts.get().filter((t) => t.id !== id));
  }, durationMs);
}
