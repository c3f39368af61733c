import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { isSignedInUser } from '../lib/auth';
import { moderationCopy } from '../lib/copy-moderation';
import { paths } from '../lib/paths';
import { useSessionUser } from './hooks/useSession';
import { HideDialog, ReportDialog } from './moderation/dialogs';
import styles from './EventOptionsMenu.module.css';

/** A photographer page's options: other signed-in members report it, an ADMIN hides it. */
export function PhotographerOptionsMenu({ id }: { id: number }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'report' | 'hide' | null>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  if (!isSignedInUser(user) || user.id === id) return null;
  const isAdmin = user.roles.includes('ADMIN');
  const m = moderationCopy;
  const choose = (which: 'report' | 'hide') => {
    setOpen(false);
    setDialog(which);
  };
  return (
    <div className={styles['wrap']}>
      <button
        ref={buttonRef}
        type="button"
        className={styles['trigger']}
        aria-label={m.report.photographerMenu}
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
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className={styles['danger']}
              onClick={() => choose(isAdmin ? 'hide' : 'report')}
            >
              {isAdmin ? m.admin.hide : m.report.menu}
            </button>
          </li>
        </ul>
      )}
      {dialog === 'report' && <ReportDialog targetType="PHOTOGRAPHER" targetId={id} onClose={closeDialog} />}
      {dialog === 'hide' && (
        <HideDialog
          targetType="PHOTOGRAPHER"
          targetId={id}
          onClose={closeDialog}
          onHidden={() => window.location.assign(paths.admin)}
        />
      )}
    </div>
  );
}
