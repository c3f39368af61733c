import type { DemoAccount } from './stand-in';

/**
 * Accounts listed on the stand-in's login page. The demo seed registers members for them, so a visitor
 * can sign in as an existing photographer or customer; any other name signs up as a new member.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { account: 'demo-user', label: '일반 회원 (데모)' },
  { account: 'demo-photographer', label: '사진작가 회원 (데모)' },
  { account: 'demo-admin', label: '관리자 (데모)' },
];
