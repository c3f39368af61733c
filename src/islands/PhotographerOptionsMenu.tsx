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
  const item = user.roles.includes('ADMIN')
    ? { key: 'hide', label: m.admin.hide, danger: true, onSelect: () => dialogs.open('hide') }
    : { key: 'report', label: m.report.menu, danger: true, onSelect: () => dialogs.open('report') };
  return (
    <OptionsMenu label={m.report.photographerMenu} items={[item]}>
      {dialogs.element}
    </OptionsMenu>
  );
}
