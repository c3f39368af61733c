import { useState } from 'react';
import { api, isApiRequestError } from '#client/api';
import { isSignedInUser } from '#client/auth';
import type { ReviewResponse } from '#lib/contract';
import { moderationCopy } from '#lib/copy-moderation';
import { reviewCopy } from '#lib/copy-reviews';
import { REVIEW_LIMITS } from '#lib/reviews';
import { showToast } from '#stores/ui';
import { useSessionUser } from './hooks/useSession';
import { useModerationDialogs } from './OptionsMenu';
import { CharCounter } from './member/CharCounter';
import styles from './ReviewActions.module.css';

export interface ReviewActionsProps {
  id: number;
  photographerId: number;
  /** Null once the author withdrew. */
  authorId: number | null;
  replied: boolean;
}

/**
 * Under a review, for whom it concerns: the reviewed photographer answers it once (답글 쓰기), other
 * signed-in members report it, an admin hides it. Nothing for visitors or the review's author.
 */
export function ReviewActions({ id, photographerId, authorId, replied }: ReviewActionsProps) {
  const user = useSessionUser();
  const dialogs = useModerationDialogs('REVIEW', id);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  if (!isSignedInUser(user) || user.id === authorId) return null;
  const t = reviewCopy.reply;
  const mayReply = user.id === photographerId && !replied && answer === null;
  const admin = user.roles.includes('ADMIN');

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const review = await api.post<ReviewResponse>(`/reviews/${id}/reply`, { text });
      setAnswer(review.reply?.text ?? text);
      setOpen(false);
      showToast(t.done);
    } catch (err) {
      setError(isApiRequestError(err) ? err.message : t.once);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles['actions']}>
      {answer !== null && (
        <div className={styles['reply']}>
          <p className={styles['label']}>{reviewCopy.replyLabel}</p>
          <p className={styles['text']}>{answer}</p>
        </div>
      )}
      {open ? (
        <form
          className={styles['form']}
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label className={styles['label']} htmlFor={`reply-${id}`}>
            {t.label}
          </label>
          <textarea
            id={`reply-${id}`}
            className={styles['textarea']}
            value={text}
            maxLength={REVIEW_LIMITS.reply.max * 2}
            placeholder={t.placeholder}
            rows={3}
            aria-describedby={`reply-${id}-count`}
            onChange={(e) => setText(e.target.value)}
          />
          <CharCounter id={`reply-${id}-count`} text={text} max={REVIEW_LIMITS.reply.max} />
          {error && (
            <p className={styles['error']} role="alert">
              {error}
            </p>
          )}
          <div className={styles['row']}>
            <button type="button" className={styles['secondary']} onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
            <button type="submit" className={styles['primary']} disabled={sending || text.trim() === ''}>
              {sending ? t.sending : t.submit}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles['row']}>
          {mayReply && (
            <button type="button" className={styles['primary']} onClick={() => setOpen(true)}>
              {t.open}
            </button>
          )}
          <button type="button" className={styles['link']} onClick={() => dialogs.open(admin ? 'hide' : 'report')}>
            {admin ? moderationCopy.admin.hide : moderationCopy.report.menu}
          </button>
        </div>
      )}
      {dialogs.element}
    </div>
  );
}
