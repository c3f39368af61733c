/**
 * What the welcome screen (/success/signup) greets: the registered nickname and role, handed over in
 * sessionStorage by the sign-up wizard (the welcome page itself has no other way to know them).
 */
import { readStorageJson, writeStorageJson } from '#client/browser';
import type { SignupRole } from './rules/signup';

export const WELCOME_KEY = 'signupWelcome';

export interface WelcomeInfo {
  nickname: string;
  role: SignupRole;
}

export function rememberWelcome(info: WelcomeInfo): void {
  writeStorageJson('session', WELCOME_KEY, info);
}

export function readWelcome(): WelcomeInfo | null {
  const raw = readStorageJson('session', WELCOME_KEY) as Partial<WelcomeInfo> | null;
  if (!raw || typeof raw.nickname !== 'string') return null;
  if (raw.role !== 'USER' && raw.role !== 'PHOTOGRAPHER') return null;
  return { nickname: raw.nickname, role: raw.role };
}
