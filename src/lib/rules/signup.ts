/**
 * Sign-up rules (spec section 5): the how-did-you-find-us survey, the roles one signs up as, and the
 * terms each role agrees to. The sign-up wizard shows them; the registration endpoints check them.
 */
import { SIGNUP_SOURCES, isOneOf, type Role, type SignupSource } from '#lib/domain';
import { LIMITS } from './common';
import type { RuleResult } from './result';

export const SIGNUP_SOURCE_MESSAGES = {
  empty: '가입 경로를 1개 이상 선택해 주세요.',
  invalid: '선택할 수 없는 가입 경로예요.',
} as const;

/** How-did-you-find-us: at least one of SIGNUP_SOURCES; duplicates dropped, enum order. */
export function validateSignupSources(values: readonly string[]): RuleResult<SignupSource[]> {
  if (values.length < LIMITS.signupSources.min) return { ok: false, message: SIGNUP_SOURCE_MESSAGES.empty };
  if (!values.every((v) => isOneOf(SIGNUP_SOURCES, v))) return { ok: false, message: SIGNUP_SOURCE_MESSAGES.invalid };
  return { ok: true, value: SIGNUP_SOURCES.filter((s) => values.includes(s)) };
}

export type SignupRole = Extract<Role, 'USER' | 'PHOTOGRAPHER'>;
export const SIGNUP_ROLES: readonly SignupRole[] = ['USER', 'PHOTOGRAPHER'];

export const TERMS_IDS = ['AGE_14', 'SERVICE', 'PRIVACY', 'PHOTOGRAPHER_PARTNER'] as const;
export type TermsId = (typeof TERMS_IDS)[number];

export interface TermsItem {
  id: TermsId;
  label: string;
  required: boolean;
  roles: readonly SignupRole[];
}

export const TERMS_ITEMS: readonly TermsItem[] = [
  { id: 'AGE_14', label: '만 14세 이상입니다.', required: true, roles: SIGNUP_ROLES },
  { id: 'SERVICE', label: '서비스 이용약관 동의', required: true, roles: SIGNUP_ROLES },
  { id: 'PRIVACY', label: '개인정보 수집 및 이용 동의', required: true, roles: SIGNUP_ROLES },
  { id: 'PHOTOGRAPHER_PARTNER', label: '사진작가 파트너 약관 동의', required: true, roles: ['PHOTOGRAPHER'] },
];

/** Where each item's document is read (the site's configured pages); an item without one has no link. */
export type TermsLinks = Partial<Record<TermsId, string>>;

export const TERMS_MESSAGES = {
  agreeAll: '약관 전체 동의',
  requiredTag: '(필수)',
  required: '필수 약관에 모두 동의해 주세요.',
} as const;

/** The terms shown to a role, in display order. */
export function termsFor(role: SignupRole): TermsItem[] {
  return TERMS_ITEMS.filter((t) => t.roles.includes(role));
}

/** Every required item of the role agreed; the value is the agreed items of that role. */
export function validateTerms(role: SignupRole, agreed: readonly string[]): RuleResult<TermsId[]> {
  const items = termsFor(role);
  if (items.some((t) => t.required && !agreed.includes(t.id))) return { ok: false, message: TERMS_MESSAGES.required };
  return { ok: true, value: items.filter((t) => agreed.includes(t.id)).map((t) => t.id) };
}
