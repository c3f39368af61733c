import { isSignedInUser } from '#client/auth';
import { moderationCopy } from '#lib/copy-moderation';
import { useSessionUser } from './hooks/useSession';
import { OptionsMenu, useModerationDialogs } from './OptionsMenu';

/** A photographer page's options: other signed-in members report it, an ADMIN hides it. */
export function PhotographerOptionsMenu({ id }: { id: number }) {
  const user = useSessionUser();
  const dialogs = useModerationDialogs('PHOTOGRAPHER', id);
  if (!isSignedInUser(user) || user.id === id) return null;
  const m = moderationCopy;
  const admin = user.roles.includes('ADMIN');
  const item = admin
    ? { key: 'hide', label: m.admin.hide, danger: true, onSelect: () => dialogs.open('hide') }
    : { key: 'report', label: m.report.menu, danger: true, onSelect: () => dialogs.open('report') };
  // Named for what it holds, as the event's button is: 관리 for an admin, 더보기 for a reporter.
  return (
    <OptionsMenu label={admin ? m.admin.photographerMenu : m.report.photographerMenu} items={[item]}>
      {dialogs.element}
    </OptionsMenu>
  );
}
