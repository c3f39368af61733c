import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isHideable, type ReportTargetType } from '#lib/rules/report';
import { paths } from '#lib/paths';
import { HideDialog, ReportDialog } from './moderation/dialogs';
import styles from './OptionsMenu.module.css';

/** One row of an options menu: a link, or an action run once the menu has closed. */
export type OptionsMenuItem = { key: string; label: string; danger?: boolean } & (
  { href: string } | { onSelect: () => void }
);

/**
 * The ⋮ button of a detail page's top bar and its menu (the event's and the photographer page's, each
 * with its own items): Escape or a press outside closes it, the first item takes focus on opening.
 * `children` are what the items open (dialogs), rendered beside the menu. Nothing shows without items.
 */
export function OptionsMenu({
  label,
  items,
  children,
}: {
  label: string;
  items: readonly OptionsMenuItem[];
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);
  if (items.length === 0) return null;
  return (
    <div className={styles['wrap']}>
      <button
        ref={buttonRef}
        type="button"
        className={styles['trigger']}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="19" r="1.8" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} className={styles['menu']} role="menu">
          {items.map((item) => (
            <li key={item.key} role="none">
              {'href' in item ? (
                <a role="menuitem" href={item.href} className={item.danger ? styles['danger'] : undefined}>
                  {item.label}
                </a>
              ) : (
                <button
                  role="menuitem"
                  type="button"
                  className={item.danger ? styles['danger'] : undefined}
                  onClick={() => {
                    // Focus on ⋮ first: the dialog the item opens gives it back there when it closes.
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}

/** The report and hide dialogs both menus open: `open('report')` / `open('hide')`, and what to render. */
export function useModerationDialogs(targetType: ReportTargetType, targetId: number) {
  const [dialog, setDialog] = useState<'report' | 'hide' | null>(null);
  const onClose = useCallback(() => setDialog(null), []);
  const element =
    dialog === 'report' ? (
      <ReportDialog targetType={targetType} targetId={targetId} onClose={onClose} />
    ) : dialog === 'hide' && isHideable(targetType) ? (
      <HideDialog
        targetType={targetType}
        targetId={targetId}
        onClose={onClose}
        onHidden={() => window.location.assign(paths.admin)}
      />
    ) : null;
  return { open: setDialog, element };
}
