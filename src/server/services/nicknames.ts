import type { RuleResult } from '#lib/rules/result';
import type { Queryable } from '#server/db/index';
import { invalidFields } from './errors';
import { isNicknameTaken } from './members';

/** `{nickname, exists}` for a nickname that passes `rule`; VALIDATION_ERROR with the rule's message otherwise. */
export async function nicknameExistence(
  db: Queryable,
  nickname: string,
  rule: (input: string) => RuleResult<string>,
): Promise<{ nickname: string; exists: boolean }> {
  const result = rule(nickname);
  if (!result.ok) throw invalidFields([{ field: 'nickname', message: result.message }]);
  return { nickname: result.value, exists: await isNicknameTaken(db, result.value) };
}
