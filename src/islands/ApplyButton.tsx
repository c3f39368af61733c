import { useEffect, useState } from 'react';
import { fetchMe, isApiRequestError } from '#client/api';
import { applyToPromotion, fetchMyApplications } from '#client/application-api';
import { hasAccessToken, isSignedInUser } from '#client/auth';
import { navigate } from '#client/browser';
import { ACTIVE_STATUSES } from '#lib/applications';
import { intakeForMember, type IntakeFields } from '#lib/application-form';
import type { ApplicationBody } from '#lib/contract';
import { applicationCopy } from '#lib/copy-applications';
import { paths } from '#lib/paths';
import { rememberReturnPath } from '#lib/return-to';
import { loadPromotionDetail } from '#stores/saves';
import { $sessionUser, markUnregistered } from '#stores/session';
import { carryNotice, openLoginRequired, showToast } from '#stores/ui';
import { ApplicationSheet, type SheetEvent } from './applications/ApplicationSheet';

/** The event page's data the button needs (public: the same for every visitor). */
export type ApplyButtonProps = SheetEvent;

type View = 'apply' | 'applied' | 'mine';

/** The member's applications a page looks through for this event's (the API's largest page). */
const MINE_PAGE_SIZE = 100;

/** An unfinished sign-up: to /signup, saying why, and back to this event afterwards. */
function toSignup(eventId: number): void {
  markUnregistered();
  carryNotice(applicationCopy.signupReason);
  rememberReturnPath(`/event/${eventId}`);
  navigate('/signup');
}

/**
 * "담아봐로 신청하기" on the event page, mounted after the largest paint into the server's disabled
 * button (`src/client/apply-buttons.ts`): the page is cached and the same for everyone, so the member's
 * side comes now. Its author sees "내 이벤트예요" (to 신청 관리); a member who applied already sees
 * "신청 완료 · 내 신청 보기". A tap without a session asks to log in (and comes back), an unfinished
 * sign-up goes to /signup with the reason, anyone else gets the intake sheet.
 */
export function ApplyButton(props: ApplyButtonProps) {
  const { id } = props;
  const t = applicationCopy.button;
  const [view, setView] = useState<View>('apply');
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState<IntakeFields | null>(null);

  useEffect(() => {
    // A registered member's session (an unfinished sign-up has none): their side of the button.
    const me = $sessionUser.get();
    if (!hasAccessToken() || !isSignedInUser(me)) return;
    let live = true;
    void (async () => {
      // One details call per page, shared with the save button and the options menu.
      const detail = await loadPromotionDetail(id);
      if (!live) return;
      if (detail?.author?.id === me.id) {
        setView('mine');
        return;
      }
      try {
        const mine = await fetchMyApplications(0, MINE_PAGE_SIZE);
        const active = mine.items.some((a) => a.promotion.id === id && ACTIVE_STATUSES.includes(a.status));
        if (live && active) setView('applied');
      } catch (err) {
        console.warn('my applications not loaded', err);
      }
    })();
    return () => {
      live = false;
    };
  }, [id]);

  const open = async () => {
    if (busy) return;
    if (!hasAccessToken()) {
      openLoginRequired();
      return;
    }
    setBusy(true);
    try {
      const me = await fetchMe();
      if (me.type === 'UNDEFINED') {
        toSignup(id);
        return;
      }
      const detail = await loadPromotionDetail(id);
      if (detail?.author?.id === me.id) {
        setView('mine');
        return;
      }
      setSheet(intakeForMember(me));
    } catch (err) {
      if (isApiRequestError(err) && err.status === 401) return;
      console.error('apply: member not loaded', err);
      showToast(applicationCopy.sheet.loadFailed, 'error');
    } finally {
      setBusy(false);
    }
  };

  const submit = async (body: ApplicationBody) => {
    try {
      await applyToPromotion(id, body);
    } catch (err) {
      if (isApiRequestError(err) && err.code === 'REGISTRATION_REQUIRED') {
        toSignup(id);
        return;
      }
      if (isApiRequestError(err) && err.code === 'ALREADY_APPLIED') setView('applied');
      throw err;
    }
    setSheet(null);
    setView('applied');
    showToast(applicationCopy.sheet.done);
  };

  return (
    <>
      {view === 'applied' ? (
        <a className="apply done" href={paths.myApplications}>
          {t.applied}
        </a>
      ) : view === 'mine' ? (
        <a className="apply done" href={paths.inboxEvent(id)}>
          {t.mine}
        </a>
      ) : (
        <button type="button" className="apply" aria-busy={busy} onClick={() => void open()}>
          {busy ? t.checking : t.apply}
        </button>
      )}
      {sheet && (
        <ApplicationSheet mode="apply" event={props} initial={sheet} onSubmit={submit} onClose={() => setSheet(null)} />
      )}
    </>
  );
}
