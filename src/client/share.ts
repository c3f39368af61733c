/**
 * Sharing a page link: the phone's share sheet (Web Share API, so KakaoTalk and the other messengers
 * are one tap away) where the browser has one, else the link copied to the clipboard (spec §8 toasts).
 */

export interface ShareTarget {
  url: string;
  title: string;
}

/** What happened: the sheet took it, the link was copied, the member closed the sheet, or nothing worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The parts of `navigator` sharing uses (a parameter, so tests pass their own). */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText?: (text: string) => Promise<void> };
}

async function copyLink(url: string, nav: ShareNavigator): Promise<ShareOutcome> {
  const write = nav.clipboard?.writeText;
  if (!write) return 'failed';
  try {
    await write.call(nav.clipboard, url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export async function shareLink(target: ShareTarget, nav: ShareNavigator): Promise<ShareOutcome> {
  const data: ShareData = { title: target.title, url: target.url };
  const canShare = typeof nav.share === 'function' && (nav.canShare?.(data) ?? true);
  if (!canShare || !nav.share) return copyLink(target.url, nav);
  try {
    await nav.share.call(nav, data);
    return 'shared';
  } catch (err) {
    // Closing the sheet is the member's choice, not a failure; anything else (no permission, no target) copies.
    if (err instanceof Error && err.name === 'AbortError') return 'cancelled';
    return copyLink(target.url, nav);
  }
}
