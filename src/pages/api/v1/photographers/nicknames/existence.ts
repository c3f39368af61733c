import { validatePhotographerName } from '#lib/rules/member';
import { getDb } from '#server/db/index';
import { endpoint, notAllowed } from '#server/http/endpoint';
import { requiredParam } from '#server/http/query';
import { json } from '#server/http/respond';
import { nicknameExistence } from '#server/services/nicknames';

export const GET = endpoint(async ({ url }) =>
  json(await nicknameExistence(await getDb(), requiredParam(url.searchParams, 'nickname'), validatePhotographerName)),
);
export const ALL = notAllowed;
