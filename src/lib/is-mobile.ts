/**
 * The spec's `isMobile` flag (§4): true when the screen is at most 768px wide or the agent is a mobile
 * device, kept in sessionStorage. On mobile, event and photographer details open in the same window;
 * otherwise in a new one.
 */
import { readStorage, writeStorage } from '#client/browser';

export const IS_MOBILE_KEY = 'isMobile';
export const MOBILE_MAX_WIDTH = 768;

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|IEMobile|Opera Mini|webOS/i;

export function detectIsMobile(screenWidth: number, userAgent: string): boolean {
  return screenWidth <= MOBILE_MAX_WIDTH || MOBILE_AGENT.test(userAgent);
}

/** The stored flag, or (first time in this tab) the detected one, stored. */
export function rememberIsMobile(): boolean {
  const stored = readStorage('session', IS_MOBILE_KEY);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  const width = Math.min(globalThis.innerWidth || Infinity, globalThis.screen?.width || Infinity);
  const isMobile = detectIsMobile(width, globalThis.navigator?.userAgent ?? '');
  writeStorage('session', IS_MOBILE_KEY, String(isMobile));
  return isMobile;
}
