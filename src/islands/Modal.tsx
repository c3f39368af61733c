import { useLayoutEffect, useRef, type DialogHTMLAttributes, type ReactNode, type RefObject } from 'react';

interface Props extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onCancel'> {
  onClose: () => void;
  /** Focused on opening, instead of the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * What Tab reaches inside `root`, in order: visible, enabled, and of a radio group only the one Tab
 * stops at (the checked one, or the first when none is).
 */
function tabStops(root: HTMLElement): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter(
      (o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name,
    );
    const checked = group.find((o) => o.checked);
    return checked ? checked === el : group[0] === el;
  });
}

/** Where focus goes when the dialog closes and nothing had focus before it: the page's start. */
function pageStart(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-skip-link]');
}

/**
 * A modal on the platform's `<dialog>`, rendered only while open: `showModal()` puts it in the top
 * layer (centred by its module's margins, over a backdrop), makes the page behind it inert and moves
 * focus in. Tab and Shift+Tab go round its own controls and never leave it. Closing returns focus where
 * it was, or to the page's start (the skip link) when nothing had focus, rather than where the dialog
 * stood in the page. Escape and a tap on the backdrop call `onClose`; the page does not scroll behind it.
 */
export function Modal({ onClose, initialFocus, children, onKeyDown, ...rest }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement;
    const hadFocus = before instanceof HTMLElement && before !== document.body;
    dialog.showModal();
    initialFocus?.current?.focus();
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
      // Runs before React removes the element: the platform puts focus back.
      dialog.close();
      if (!hadFocus || !before.isConnected) pageStart()?.focus({ preventScroll: true });
    };
  }, [initialFocus]);
  return (
    <dialog
      ref={ref}
      {...rest}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.key !== 'Tab' || e.defaultPrevented) return;
        const stops = tabStops(e.currentTarget);
        const first = stops[0];
        const last = stops[stops.length - 1];
        if (!first || !last) {
          e.preventDefault();
          return;
        }
        const at = document.activeElement;
        const inside = at instanceof Node && e.currentTarget.contains(at) && at !== e.currentTarget;
        if (e.shiftKey && (!inside || at === first)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (!inside || at === last)) {
          e.preventDefault();
          first.focus();
        }
      }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A tap on ::backdrop targets the dialog itself, outside its box.
        if (e.target !== e.currentTarget) return;
        const box = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (!inside) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
