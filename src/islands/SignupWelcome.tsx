import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { navigate } from '#client/browser';
import { peekReturnPath, takeReturnPath } from '#lib/return-to';
import { copy } from '#lib/copy';
import { cutWelcomeName } from '#lib/text';
import { readWelcome, type WelcomeInfo } from '#lib/welcome';
import styles from './SignupWelcome.module.css';

/** Leaves the welcome screen without a way back to it (it was opened without history). */
function replaceTo(href: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    takeReturnPath();
    navigate(href, { replace: true });
  };
}

/**
 * The welcome screen is the last entry of the sign-up: the phone's back button must not return into
 * the wizard or to Kakao's page before it. One entry is pushed over it; going back leaves for `to`.
 */
function useBackLeavesTo(to: string | null) {
  useEffect(() => {
    if (to === null) return;
    history.pushState({ welcome: true }, '');
    const onPop = () => {
      takeReturnPath();
      navigate(to, { replace: true });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [to]);
}

/**
 * The welcome screen after registration: greets by nickname (10 characters plus '...'), copy per role,
 * the page-editor shortcut for a PHOTOGRAPHER, a button to home. Without a fresh registration in this
 * tab there is nothing to greet, so it goes home.
 */
export function SignupWelcome() {
  const [info, setInfo] = useState<WelcomeInfo | null>(null);
  // Where the member was before signing in (a login prompt's page), else home.
  const [next, setNext] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const welcome = readWelcome();
    if (!welcome) navigate('/', { replace: true });
    else {
      setInfo(welcome);
      setNext(peekReturnPath() ?? '/');
    }
  }, []);
  useBackLeavesTo(next);
  useEffect(() => {
    if (info) headingRef.current?.focus();
  }, [info]);

  if (!info) {
    return <div className={styles['placeholder']} aria-hidden="true" />;
  }
  const text = copy.welcome[info.role];
  return (
    <section className={styles['welcome']}>
      <div className={styles['badge']} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="72" height="72" focusable="false">
          <circle cx="24" cy="24" r="22" />
          <path
            d="M14 25l7 7l13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 ref={headingRef} tabIndex={-1} className={styles['greeting']}>
        {text.greeting(cutWelcomeName(info.nickname))}
      </h1>
      <p className={styles['body']}>
        {text.body.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </p>
      {info.role === 'PHOTOGRAPHER' && <p className={styles['note']}>{copy.welcome.PHOTOGRAPHER.listingNote}</p>}
      <div className={styles['actions']}>
        {info.role === 'PHOTOGRAPHER' && (
          <a
            className={styles['secondary']}
            href="/edit/photographer/detail"
            onClick={replaceTo('/edit/photographer/detail')}
          >
            {copy.welcome.editDetail}
          </a>
        )}
        <a className={styles['primary']} href={next ?? '/'} onClick={replaceTo(next ?? '/')}>
          {next && next !== '/' ? copy.welcome.back : copy.welcome.home}
        </a>
      </div>
    </section>
  );
}
