import type { RuleResult } from '../../lib/rules/result';
import type { Queryable } from '../db/index';
import { badRequest, validationError } from '../http/errors';
import { stringParam } from '../http/query';
import { isNicknameTaken } from './members';

/** `{nickname, exists}` for a nickname that passes `rule`; 422 with the rule's message otherwise. */
export async function nicknameExistence(
  db: Queryable,
  params: URLSearchParams,
  rule: (input: string) => RuleResult<string>,
): Promise<{ nickname: string; exists: boolean }> {
  const raw = params.get('nickname');
  if (raw === null) throw badRequest('nickname 파라미터가 필요합니다.');
  const result = rule(stringParam(params, 'nickname') ?? raw);
  if (!result.ok) throw validationError([{ field: 'nickname', message: result.message }]);
  return { nickname: result.value, exists: await isNicknameTaken(db, result.value) };
}
