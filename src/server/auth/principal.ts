import type { MemberType, Role } from '../../lib/domain';

/** Who is calling: resolved from the access token and re-checked against the database per request. */
export interface Principal {
  id: number;
  type: MemberType;
  roles: Role[];
  nickname: string;
}
