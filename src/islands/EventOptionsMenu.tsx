import { useEffect, useState } from 'react';
import { isSignedInUser } from '#client/auth';
import { deleteEvent } from '#client/event-delete';
import { browseCopy } from '#lib/copy-browse';
import { moderationCopy } from '#lib/copy-moderation';
import { paths } from '#lib/paths';
import { loadPromotionDetail } from '#stores/saves';
import { openConfirm } from '#stores/ui';
import { useSessionUser } from './hooks/useSession';
import { OptionsMenu, useModerationDialogs, type OptionsMenuItem } from './OptionsMenu';

/**
 * The event's options: the author edits and deletes, an ADMIN hides and deletes, any other signed-in
 * member reports it. Whether the visitor is the author comes from the page's one details call (shared
 * with the save toggle, which counts the view) and the session user. The button is named for what the
 * menu holds: 관리 when it edits or deletes, 더보기 when it only reports.
 */
export function EventOptionsMenu({ id }: { id: number }) {
  const user = useSessionUser();
  const [authorId, setAuthorId] = useState<number | null>(null);
  const dialogs = useModerationDialogs('PROMOTION', id);
  useEffect(() => {
    let live = true;
    void loadPromotionDetail(id).then((d) => {
      if (live) setAuthorId(d?.author?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (!isSignedInUser(user)) return null;
  const isAuthor = authorId !== null && user.id === authorId;
  const isAdmin = user.roles.includes('ADMIN');
  const t = browseCopy.event;
  const askDelete = () =>
    openConfirm({
      title: t.deleteTitle,
      content: t.deleteContent,
      confirmLabel: t.deleteConfirm,
      // Done, to the events list; failed, the page stays and a toast says why.
      onConfirm: async () => {
        await deleteEvent(id, isAuthor);
      },
    });
  const items: OptionsMenuItem[] = [];
  if (isAuthor) items.push({ key: 'edit', label: t.edit, href: paths.editEvent(id) });
  if (isAdmin) items.push({ key: 'hide', label: moderationCopy.admin.hide, onSelect: () => dialogs.open('hide') });
  if (isAuthor || isAdmin) items.push({ key: 'delete', label: t.delete, danger: true, onSelect: askDelete });
  else
    items.push({
      key: 'report',
      label: moderationCopy.report.menu,
      danger: true,
      onSelect: () => dialogs.open('report'),
    });
  return (
    <OptionsMenu label={isAuthor || isAdmin ? t.options : t.more} items={items}>
      {dialogs.element}
    </OptionsMenu>
  );
}
