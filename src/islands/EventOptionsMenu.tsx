import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { api } from '../lib/api';
import { browseCopy } from '../lib/copy-browse';
import { paths } from '../lib/paths';
import { openConfirm } from '../stores/ui';
import { loadPromotionDetail } from '../stores/saves';
import { useSessionUser } from './hooks/useSession';
import { isSignedInUser } from '../lib/auth';
import { moderationCopy } from '../lib/copy-moderation';
import { HideDialog, ReportDialog } from './moderation/dialogs';
import styles from './EventOptionsMenu.module.css';

interface Props {
  id: number;
}

/**
 * The event's options: the author edits and deletes, an ADMIN hides and deletes, any other signed-in
 * member reports it. Whether the visitor is the author comes from the page's one details call (shared
 * with the save toggle, which counts the view) and the session user.
 */
export function EventOptionsMenu({ id }: Props) {
  const user = useSessionUser();
  const [authorId, setAuthorId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'report' | 'hide' | null>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    let live = true;
    void loadPromotionDetail(id).then((d) => {
      if (live) setAuthorId(d?.author?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [id]);
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
  const closeDialog = useCallback(() => setDialog(null), []);
  if (!isSignedInUser(user)) return null;
  const isAuthor = authorId !== null && user.id === authorId;
  const isAdmin = user.roles.includes('ADMIN');
  const t = browseCopy.event;
  const m = moderationCopy;
  const askDelete = () => {
    close(false);
    openConfirm({
      title: t.deleteTitle,
      content: t.deleteContent,
      confirmLabel: t.deleteConfirm,
      onConfirm: async () => {
        try {
          // An admin's delete of another's event goes through moderation (resolves reports, logged).
          await api.delete(isAuthor ? `/promotions/${id}` : `/admin/promotions/${id}`);
        } catch (err) {
          console.warn('event not deleted', err);
        }
        window.location.assign(paths.events);
      },
    });
  };
  const openDialog = (which: 'report' | 'hide') => {
    close(false);
    setDialog(which);
  };
  return (
    <div className={styles['wrap']}>
      <button
        ref={buttonRef}
        type="button"
        className={styles['trigger']}
        aria-label={t.options}
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
          {isAuthor && (
            <li role="none">
              <a role="menuitem" href={paths.editEvent(id)}>
                {t.edit}
              </a>
            </li>
          )}
          {isAdmin && (
            <li role="none">
              <button role="menuitem" type="button" onClick={() => openDialog('hide')}>
                {m.admin.hide}
              </button>
            </li>
          )}
          {(isAuthor || isAdmin) && (
            <li role="none">
              <button role="menuitem" type="button" className={styles['danger']} onClick={askDelete}>
                {t.delete}
              </button>
            </li>
          )}
          {!isAuthor && !isAdmin && (
            <li role="none">
              <button role="menuitem" type="button" className={styles['danger']} onClick={() => openDialog('report')}>
                {m.report.menu}
              </button>
            </li>
          )}
        </ul>
      )}
      {dialog === 'report' && <ReportDialog targetType="PROMOTION" targetId={id} onClose={closeDialog} />}
      {dialog === 'hide' && (
        <HideDialog
          targetType="PROMOTION"
          targetId={id}
          onClose={closeDialog}
          onHidden={() => window.location.assign(paths.admin)}
        />
      )}
    </div>
  );
}
