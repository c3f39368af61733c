/**
 * 내 정보 (/my/privacy, issue 41): what the member agreed to and when, the optional consents they turn
 * on and off, a required document's new version to agree to, and 내 정보 내려받기 (the JSON file of
 * GET /users/me/export).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { api, apiBlob, isApiRequestError } from '#client/api';
import {
  CONSENT_DOCUMENT_PATHS,
  CONSENT_HOW_LABELS,
  type ConsentKind,
  type ConsentRecord,
  type ConsentsResponse,
} from '#lib/consents';
import { LEGAL_DOCUMENTS } from '#lib/legal/index';
import { afterAgreementPath, consentCheckedKey } from '#lib/consent-gate';
import { isSignedInUser } from '#client/auth';
import { writeStorage } from '#client/browser';
import { $sessionUser } from '#stores/session';
import { enterMemberPage, errorMessage } from '#stores/member';
import { showToast } from '#stores/ui';
import { MemberGate } from './member/MemberGate';
import memberStyles from './member/member-styles';
import styles from './MyPrivacy.module.css';

const KST_OFFSET_MS = 9 * 3_600_000;

/** `2026-11-27T01:02:00Z` as `2026. 11. 27. 10:02` (Korea time). */
export function formatConsentTime(iso: string): string {
  const kst = new Date(new Date(iso).getTime() + KST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${kst.getUTCFullYear()}. ${pad(kst.getUTCMonth() + 1)}. ${pad(kst.getUTCDate())}. ${pad(kst.getUTCHours())}:${pad(kst.getUTCMinutes())}`;
}

async function saveFile(blob: Blob, name: string): Promise<void> {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function exportName(now = new Date()): string {
  return `damabwa-my-data-${new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10)}.json`;
}

function ConsentLine({ c }: { c: ConsentRecord }) {
  const doc = c.kind !== 'APPLICATION_THIRD_PARTY' ? CONSENT_DOCUMENT_PATHS[c.kind] : undefined;
  return (
    <li className={styles['record']} data-kind={c.kind}>
      <p className={styles['recordTitle']}>
        {c.required && <span className={styles['tag']}>필수</span>}
        {c.title}
        {c.withdrawnAt && <span className={styles['withdrawn']}> · 철회함</span>}
      </p>
      {c.application && (
        <p className={styles['recordEvent']}>
          <a href={`/event/${c.application.promotionId}`}>{c.application.promotionTitle}</a>
        </p>
      )}
      <p className={styles['recordMeta']}>
        <time dateTime={c.givenAt}>{formatConsentTime(c.givenAt)}</time> 동의 · {CONSENT_HOW_LABELS[c.how]} · 버전{' '}
        {c.version === 'legacy' ? '이전 외부 문서' : c.version}
        {doc && c.version !== 'legacy' && (
          <>
            {' · '}
            <a href={`${doc}?version=${encodeURIComponent(c.version)}`}>문서 보기</a>
          </>
        )}
      </p>
      {c.withdrawnAt && (
        <p className={styles['recordMeta']}>
          <time dateTime={c.withdrawnAt}>{formatConsentTime(c.withdrawnAt)}</time> 철회
        </p>
      )}
    </li>
  );
}

/** A part of the page, named by its heading. */
function Section({
  id,
  title,
  className,
  role,
  children,
}: {
  id: string;
  title: string;
  className?: string | undefined;
  role?: 'region';
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} role={role}>
      <h2 id={id} className={styles['heading']}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function MyPrivacy() {
  const [data, setData] = useState<ConsentsResponse | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const open = useCallback(async () => {
    setFailed(null);
    const me = await enterMemberPage('member');
    if (!me) return;
    try {
      setData(await api.get<ConsentsResponse>('/users/me/consents'));
    } catch (err) {
      if (isApiRequestError(err) && err.status === 401) return;
      setFailed(errorMessage(err));
    }
  }, []);

  useEffect(() => {
    void open();
  }, [open]);

  /** One change, its answer shown; the answer when it went through, else null (the error toasted). */
  const run = async (key: string, call: () => Promise<ConsentsResponse>, done: string) => {
    setBusy(key);
    try {
      const answer = await call();
      setData(answer);
      showToast(done);
      return answer;
    } catch (err) {
      showToast(errorMessage(err), 'error');
      return null;
    } finally {
      setBusy(null);
    }
  };

  const toggle = (kind: ConsentKind, on: boolean) =>
    run(
      kind,
      () =>
        on
          ? api.post<ConsentsResponse>('/users/me/consents', { consents: [{ kind }] })
          : api.delete<ConsentsResponse>(`/users/me/consents/${kind}`),
      on ? '알림 수신에 동의했어요.' : '알림 수신 동의를 철회했어요.',
    );

  // Sent here by the consent check (src/client/consent-check.ts): once agreed, back where they were.
  const agreeAll = async () => {
    if (!data) return;
    const answer = await run(
      'agree',
      () =>
        api.post<ConsentsResponse>('/users/me/consents', {
          consents: data.needsAgreement.map((n) => ({ kind: n.kind, version: n.version })),
        }),
      '새 약관에 동의했어요.',
    );
    if (!answer || answer.needsAgreement.length > 0) return;
    const me = $sessionUser.get();
    if (isSignedInUser(me)) writeStorage('session', consentCheckedKey(me.id), '1');
    const next = afterAgreementPath(location.search);
    if (next) location.assign(next);
  };

  const download = async () => {
    setBusy('export');
    try {
      await saveFile(await apiBlob('/users/me/export'), exportName());
      showToast('내 정보 파일을 내려받았어요.');
    } catch (err) {
      showToast(errorMessage(err), 'error');
    } finally {
      setBusy(null);
    }
  };

  if (failed) {
    return (
      <div className={memberStyles['status']} role="alert">
        <p className={memberStyles['statusError']}>{failed}</p>
        <button type="button" className={memberStyles['secondary']} onClick={() => void open()}>
          다시 시도
        </button>
      </div>
    );
  }

  return (
    <MemberGate onRetry={() => void open()} loading={data === null}>
      {data && (
        <div className={styles['page']}>
          {data.needsAgreement.length > 0 && (
            <Section id="privacy-renew" title="바뀐 약관에 동의해 주세요" className={styles['notice']} role="region">
              <ul className={styles['plain']}>
                {data.needsAgreement.map((n) => (
                  <li key={n.kind}>
                    {n.documentPath ? (
                      <a href={n.documentPath} target="_blank" rel="noopener noreferrer">
                        {n.title} (버전 {n.version})<span className="sr-only"> (새 창)</span>
                      </a>
                    ) : (
                      `${n.title} (버전 ${n.version})`
                    )}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={memberStyles['primary']}
                disabled={busy !== null}
                onClick={() => void agreeAll()}
              >
                모두 확인했고 동의해요
              </button>
            </Section>
          )}

          <Section id="privacy-optional" title="선택 동의">
            {data.optional.map((o) => {
              const latest = data.consents.find((c) => c.kind === o.kind);
              return (
                <div key={o.kind} className={styles['switchRow']}>
                  <label className={styles['switchLabel']}>
                    <input
                      type="checkbox"
                      role="switch"
                      className={styles['switch']}
                      checked={o.agreed}
                      disabled={busy !== null}
                      onChange={(e) => void toggle(o.kind, e.target.checked)}
                    />
                    <span>{o.title}</span>
                  </label>
                  <p className={styles['recordMeta']}>
                    {o.agreed && latest
                      ? `${formatConsentTime(latest.givenAt)} 동의`
                      : latest?.withdrawnAt
                        ? `${formatConsentTime(latest.withdrawnAt)} 철회`
                        : '동의하지 않음'}
                  </p>
                </div>
              );
            })}
          </Section>

          <Section id="privacy-history" title="동의 내역">
            {data.consents.length === 0 ? (
              <p className={styles['recordMeta']}>기록된 동의가 없어요.</p>
            ) : (
              <ul className={styles['records']}>
                {data.consents.map((c, i) => (
                  <ConsentLine key={`${c.kind}-${c.version}-${c.givenAt}-${i}`} c={c} />
                ))}
              </ul>
            )}
            <p className={styles['hint']}>
              필수 동의를 철회하려면 회원 탈퇴를 해 주세요. 신청의 제3자 제공은 신청을 취소하면 더 이상 작가에게 보이지
              않아요.
            </p>
          </Section>

          <Section id="privacy-export" title="내 정보 내려받기">
            <p className={styles['hint']}>
              담아봐가 가진 내 정보(프로필, 사진 링크, 저장, 이벤트, 보낸·받은 신청, 신고, 동의 기록)를 JSON 파일로
              받아요.
            </p>
            <button
              type="button"
              className={memberStyles['secondary']}
              disabled={busy !== null}
              onClick={() => void download()}
            >
              {busy === 'export' ? '준비 중…' : '내 정보 내려받기'}
            </button>
          </Section>

          <nav aria-label="약관과 방침" className={styles['docs']}>
            {Object.values(LEGAL_DOCUMENTS).map((d) => (
              <a key={d.id} href={d.path}>
                {d.title}
              </a>
            ))}
          </nav>
        </div>
      )}
    </MemberGate>
  );
}
