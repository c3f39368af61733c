import { useLayoutEffect, useRef, type DialogHTMLAttributes, type ReactNode, type RefObject } from 'react';

interface Props extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onCancel'> {
  onClose: () => void;
  /** Focused on opening, instead of the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal on the platform's `<dialog>`, rendered only while open: `showModal()` puts it in the top
 * layer, makes the page behind it inert and moves focus in; closing returns focus where it was.
 * Escape and a tap on the backdrop call `onClose`; the page does not scroll behind it.
 */
export function Modal({ onClose, initialFocus, children, ...rest }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    initialFocus?.current?.focus();
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
      // Runs before React removes the element: the platform puts focus back.
      dialog.close();
    };
  }, [initialFocus]);
  return (
    <dialog
      ref={ref}
      {...rest}
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
