import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { memberCopy } from '#lib/copy-member';
import { moderationCopy } from '#lib/copy-moderation';
import { typesLabel } from '#lib/display';
import { applicationCopy } from '#lib/copy-applications';
import { notificationCopy } from '#lib/copy-notifications';
import { statsCopy } from '#lib/copy-stats';
import { canWriteEvents, isPhotographerMember } from '#lib/member-access';
import { thumbnailUrlFor } from '#lib/media-urls';
import { paths } from '#lib/paths';
import type { HiddenItem } from '#lib/contract-moderation';
import { formatCount } from '#lib/text';
import { $myPage, askLogout, askWithdraw, loadMyPage, type SavedCounts } from '#stores/member';
import { AvatarPicture } from './member/AvatarPicture';
import { ClosingSoon } from './member/ClosingSoon';
import { MemberGate } from './member/MemberGate';
import styles from './MyPage.module.css';

interface Props {
  /** The external contact form (configuration). */
  contactFormUrl: string;
}

function SavedCount({ label, count, href }: { label: string; count: number | null; href: string }) {
  const shown = count === null ? '-' : formatCount(count);
  const body = (
    <>
      <span className={styles['countValue']} aria-hidden="true">
        {shown}
      </span>
      <span className={styles['countLabel']} aria-hidden="true">
        {label}
      </span>
      <span className="sr-only">{memberCopy.myPage.countLabel(label, shown)}</span>
    </>
  );
  // The saved list opens only when the count is above zero (spec §2).
  return count !== null && count > 0 ? (
    <a className={styles['count']} href={href}>
      {body}
    </a>
  ) : (
    <div className={styles['count']} data-empty="true">
      {body}
    </div>
  );
}

function Counts({ counts }: { counts: SavedCounts }) {
  const t = memberCopy.myPage;
  return (
    <section className={styles['counts']} aria-label={t.savedLabel}>
      <SavedCount label={t.savedEvents} count={counts.promotion} href="/my/saved/promotion" />
      <SavedCount label={t.savedPhotographers} count={counts.photographer} href="/my/saved/photographer" />
    </section>
  );
}

/** The member's hidden content: why and what to do is one tap away, on the hidden page itself. */
function HiddenNotice({ items }: { items: HiddenItem[] }) {
  const t = moderationCopy.myNotice;
  return (
    <section className={styles['hiddenNotice']} aria-labelledby="mypage-hidden">
      <h2 id="mypage-hidden">{t.title}</h2>
      <p>{t.body}</p>
      <ul>
        {items.map((item) => (
          <li key={`${item.type}:${item.id}`}>
            <a href={item.type === 'PROMOTION' ? paths.event(item.id) : paths.photographer(item.id)}>
              <span className={styles['hiddenKind']}>{t.kind[item.type]}</span>
              <span className={styles['hiddenName']}>{item.name}</span>
              {item.reviewRequestedAt && <span className={styles['hiddenRequested']}>{t.requested}</span>}
              <span aria-hidden="true">›</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /mypage: the member's profile, saved counts, (photographer) portfolio, and the footer menu. */
export function MyPage({ contactFormUrl }: Props) {
  const state = useStore($myPage);
  useEffect(() => {
    void loadMyPage();
  }, []);
  const t = memberCopy.myPage;
  const me = state.me;
  const photographer = me !== null && isPhotographerMember(me);
  const p = state.photographer;
  return (
    <MemberGate onRetry={() => void loadMyPage()} loading={state.status !== 'ready'}>
      {me && (
        <div className={styles['page']}>
          <section className={styles['profile']} aria-labelledby="mypage-nickname">
            <div className={styles['avatar']}>
              <AvatarPicture url={me.profileImage?.url} alt={t.avatarAlt(me.nickname)} size={72} iconSize={36} />
            </div>
            <div className={styles['who']}>
              {photographer && <span className={styles['badge']}>{t.photographerBadge}</span>}
              <h2 id="mypage-nickname" className={styles['nickname']}>
                {me.nickname}
              </h2>
              {me.instagramId && <p className={styles['instagram']}>@{me.instagramId}</p>}
              {photographer && p && p.mainPhotographyTypes.length > 0 && (
                <p className={styles['types']}>{typesLabel(p.mainPhotographyTypes)}</p>
              )}
            </div>
            <div className={styles['editButtons']}>
              {photographer ? (
                <>
                  <a className={styles['editButton']} href="/edit/photographer">
                    {t.editProfile}
                  </a>
                  <a className={styles['editButton']} href="/edit/photographer/detail">
                    {t.editPage}
                  </a>
                </>
              ) : (
                <a className={styles['editButton']} href="/edit/user">
                  {t.editProfile}
                </a>
              )}
            </div>
          </section>

          {state.hidden.length > 0 && <HiddenNotice items={state.hidden} />}

          <ClosingSoon events={state.closingSoon} />

          <Counts counts={state.counts} />

          <nav className={styles['applications']} aria-label={applicationCopy.myPageLinks}>
            <a href={paths.myApplications}>
              {applicationCopy.my.title}
              <span aria-hidden="true">›</span>
            </a>
            {canWriteEvents(me) && (
              <a href={paths.inbox}>
                {applicationCopy.inbox.title}
                <span aria-hidden="true">›</span>
              </a>
            )}
            {photographer && (
              <a href={paths.myStats}>
                {statsCopy.myPageLink}
                <span aria-hidden="true">›</span>
              </a>
            )}
          </nav>

          <nav className={styles['applications']} aria-label={notificationCopy.title}>
            <a href={paths.notifications}>
              {notificationCopy.title}
              <span aria-hidden="true">›</span>
            </a>
            <a href={paths.notificationSettings}>
              {notificationCopy.settingsTitle}
              <span aria-hidden="true">›</span>
            </a>
          </nav>

          {photographer && (
            <section className={styles['portfolio']} aria-labelledby="mypage-portfolio">
              <div className={styles['sectionHead']}>
                <h2 id="mypage-portfolio">{t.portfolio}</h2>
                {p && p.portfolio.length > 0 && (
                  <a className={styles['more']} href={paths.photographer(me.id)}>
                    {t.viewPage}
                  </a>
                )}
              </div>
              {p && p.portfolio.length > 0 ? (
                <ul className={styles['portfolioGrid']}>
                  {p.portfolio.map((image, i) => (
                    <li key={image.url}>
                      <img
                        src={thumbnailUrlFor(image.url)}
                        alt={t.portfolioAlt(i + 1, p.portfolio.length)}
                        width={160}
                        height={160}
                        loading="lazy"
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className={styles['portfolioEmpty']}>
                  {t.portfolioEmpty.map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                  <a className={styles['editButton']} href="/edit/photographer/detail">
                    {t.portfolioFill}
                  </a>
                </div>
              )}
            </section>
          )}

          <nav className={styles['menu']} aria-label={t.menu}>
            <ul>
              {me.roles.includes('ADMIN') && (
                <li>
                  <a href={paths.admin}>{moderationCopy.admin.myPageLink}</a>
                </li>
              )}
              <li>
                <a href={paths.myPrivacy} className={styles['withHint']}>
                  {t.privacy}
                  <span className={styles['hint']}>{t.privacyHint}</span>
                </a>
              </li>
              <li>
                <a href={contactFormUrl} target="_blank" rel="noopener noreferrer">
                  {t.contact}
                  <span className="sr-only">{memberCopy.newWindow}</span>
                </a>
              </li>
              <li>
                <button type="button" onClick={askLogout}>
                  {t.logout}
                </button>
              </li>
              <li>
                <button type="button" className={styles['withdraw']} onClick={askWithdraw}>
                  {t.withdraw}
                </button>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </MemberGate>
  );
}
