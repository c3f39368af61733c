import type { RefObject } from 'react';
import type { SignupState } from '#lib/signup';

/** What every step of the sign-up wizard gets: the state and the heading that takes focus. */
export interface StepProps {
  state: SignupState;
  headingRef: RefObject<HTMLHeadingElement | null>;
}
