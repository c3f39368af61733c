/**
 * Registration and profile edits of members and photographers. Nicknames are unique across all
 * members; images must be files this server issued to the same member; regions come from the region data.
 */
import { validateSignupSources } from '#lib/rules/signup';
import type {
  PhotographerPagePayload,
  PhotographerProfilePayload,
  PhotographerRegistrationPayload,
  UserProfilePayload,
  UserRegistrationPayload,
} from '#lib/rules/member';
import type { Image, SignupSource } from '#lib/domain';
import { regionColumns } from '#lib/regions';
import type { Principal } from '#server/auth/principal';
import type { Db, Queryable } from '#server/db/index';
import { storedImage, storedImages } from '#server/media/pictures';
import { announce } from '#server/cache/announce';
import { changed } from '#server/cache/tags';
import { conflict, denied, invalidFields } from './errors';
import { assertImagesIssuedTo } from './files';
import type { PhotographerResponse, UserResponse } from '#lib/contract';
import { getMember, isNicknameTaken, toUserResponse } from './members';
import { getPhotographer, refreshPhotographerSearch } from './photographers';
import { recordConsents, registrationConsents, type ConsentGiven } from './consents';

const nicknameTaken = () => conflict('NICKNAME_ALREADY_EXISTS', '이미 사용 중인 닉네임이에요.');
const alreadyRegistered = () => conflict('USER_ALREADY_REGISTERED', '이미 회원가입을 마친 계정이에요.');
const underFourteen = () =>
  denied(
    'ACCESS_DENIED',
    '만 14세 미만은 담아봐에 가입할 수 없어요. 카카오 계정의 연령대가 만 14세 미만일 수 있어 가입을 진행할 수 없어요.',
  );

/**
 * Kakao's age ranges that may be under 14: `1~9`, and `10~14` (Kakao does not tell a 14-year-old from a
 * 13-year-old in it, so the range is refused as a whole). An account that shares no range relies on the
 * sign-up's own 만 14세 이상 item.
 */
export function mayBeUnderFourteen(ageRange: string | null): boolean {
  return ageRange === '1~9' || ageRange === '10~14';
}

/** The optional `signupSources` of a registration body (operators count where members come from). */
export function parseSignupSources(body: Record<string, unknown>): SignupSource[] {
  const raw = body['signupSources'];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string')) {
    throw invalidFields([{ field: 'signupSources', message: '가입 경로 값이 올바르지 않아요.' }]);
  }
  const result = validateSignupSources(raw as string[]);
  if (!result.ok) throw invalidFields([{ field: 'signupSources', message: result.message }]);
  return result.value;
}

/** A member's profile image as its column takes it (the stored reference), or null. */
const profileImageParam = (image: Image | null): string | null => (image ? JSON.stringify(storedImage(image)) : null);

/** The stored reference of the member's profile image (a key for uploads), for the ownership check. */
async function currentImageRefs(tx: Queryable, memberId: number): Promise<string[]> {
  const rows = await tx.query<{ url: string | null }>(
    "select profile_image->>'url' as url from members where id = $1",
    [memberId],
  );
  return rows.flatMap((r) => (r.url ? [r.url] : []));
}

/**
 * Runs `write` in the transaction every write of a nickname takes. Registering locks the member's row,
 * which must not be registered yet. The nickname must be free (ignoring case and spaces) and the
 * profile image, if any, a file issued to the member or the one they hold. A unique violation on the
 * nickname (a race between the check and the write) becomes 409 too.
 */
async function writeWithNickname(
  db: Db,
  me: Principal,
  input: { nickname: string; profileImage?: Image | null },
  registering: boolean,
  write: (tx: Queryable) => Promise<void>,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (registering) {
        const rows = await tx.query<{ type: string; kakao_age_range: string | null }>(
          'select type, kakao_age_range from members where id = $1 for update',
          [me.id],
        );
        if (!rows[0]) throw denied();
        if (rows[0].type !== 'UNDEFINED') throw alreadyRegistered();
        if (mayBeUnderFourteen(rows[0].kakao_age_range)) throw underFourteen();
      }
      if (await isNicknameTaken(tx, input.nickname, me.id)) throw nicknameTaken();
      if (input.profileImage) {
        // An unregistered member holds no picture yet.
        const keep = registering ? [] : await currentImageRefs(tx, me.id);
        await assertImagesIssuedTo(tx, me.id, [input.profileImage], 'profileImage', { keep });
      }
      await write(tx);
    });
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (e.code === '23505' && /nickname/.test(`${e.constraint ?? ''} ${e.message ?? ''}`)) throw nicknameTaken();
    throw err;
  }
}

/**
 * Registration records the sign-up's consents with their versions in the same transaction
 * (`registrationConsents` of services/consents.ts reads them from the body).
 */
export async function registerUser(
  db: Db,
  me: Principal,
  input: UserRegistrationPayload,
  sources: SignupSource[],
  consents: readonly ConsentGiven[] = registrationConsents({}, 'USER'),
): Promise<UserResponse> {
  await writeWithNickname(db, me, input, true, async (tx) => {
    await recordConsents(tx, me.id, consents, 'SIGNUP');
    await tx.query(
      `update members set type = 'USER', roles = '{USER}', nickname = $2, gender = $3, instagram_id = $4,
          signup_sources = $5, registered_at = now()
        where id = $1`,
      [me.id, input.nickname, input.gender, input.instagramId, sources],
    );
  });
  return toUserResponse(await getMember(db, me.id));
}

export async function registerPhotographer(
  db: Db,
  me: Principal,
  input: PhotographerRegistrationPayload,
  sources: SignupSource[],
  consents: readonly ConsentGiven[] = registrationConsents({}, 'PHOTOGRAPHER'),
): Promise<PhotographerResponse> {
  await writeWithNickname(db, me, input, true, async (tx) => {
    await recordConsents(tx, me.id, consents, 'SIGNUP');
    await tx.query(
      `update members set type = 'PHOTOGRAPHER', roles = '{PHOTOGRAPHER,USER}', nickname = $2, gender = $3,
          instagram_id = $4, profile_image = $5::jsonb, signup_sources = $6, registered_at = now()
        where id = $1`,
      [me.id, input.nickname, input.gender, input.instagramId, profileImageParam(input.profileImage), sources],
    );
    const regions = regionColumns(input.activeRegions);
    await tx.query(
      `insert into photographer_pages (member_id, main_photography_types, regions, region_categories)
       values ($1, $2, $3, $4)`,
      [me.id, input.mainPhotographyTypes, regions.keys, regions.categories],
    );
    await refreshPhotographerSearch(tx, me.id);
  });
  await announce(changed.photographer(me.id));
  return getPhotographer(db, me.id, me);
}

/** Full overwrite of the user profile; the nickname follows the rule of the member's type. */
export async function updateUserProfile(db: Db, me: Principal, input: UserProfilePayload): Promise<UserResponse> {
  await writeWithNickname(db, me, input, false, async (tx) => {
    await tx.query('update members set nickname = $2, instagram_id = $3, profile_image = $4::jsonb where id = $1', [
      me.id,
      input.nickname,
      input.instagramId,
      profileImageParam(input.profileImage),
    ]);
    await refreshPhotographerSearch(tx, me.id);
  });
  await announce(changed.author(me.id));
  return toUserResponse(await getMember(db, me.id));
}

export async function updatePhotographerProfile(
  db: Db,
  me: Principal,
  input: PhotographerProfilePayload,
): Promise<PhotographerResponse> {
  await writeWithNickname(db, me, input, false, async (tx) => {
    await tx.query('update members set nickname = $2, profile_image = $3::jsonb where id = $1', [
      me.id,
      input.nickname,
      profileImageParam(input.profileImage),
    ]);
    const regions = regionColumns(input.activeRegions);
    await tx.query(
      `update photographer_pages set main_photography_types = $2, regions = $3, region_categories = $4, updated_at = now()
        where member_id = $1`,
      [me.id, input.mainPhotographyTypes, regions.keys, regions.categories],
    );
    await refreshPhotographerSearch(tx, me.id);
  });
  await announce(changed.photographer(me.id));
  return getPhotographer(db, me.id, me);
}

export async function updatePhotographerPage(
  db: Db,
  me: Principal,
  input: PhotographerPagePayload,
): Promise<PhotographerResponse> {
  await db.transaction(async (tx) => {
    const current = await tx.query<{ url: string }>(
      "select p->>'url' as url from photographer_pages pp, jsonb_array_elements(pp.portfolio) p where pp.member_id = $1",
      [me.id],
    );
    await assertImagesIssuedTo(tx, me.id, input.portfolio, 'portfolio', { keep: current.map((r) => r.url) });
    await tx.query('update members set instagram_id = $2 where id = $1', [me.id, input.instagramId]);
    await tx.query(
      `update photographer_pages set portfolio = $2::jsonb, address = $3::jsonb, contact_link = $4, description = $5,
          updated_at = now()
        where member_id = $1`,
      [
        me.id,
        JSON.stringify(storedImages(input.portfolio)),
        input.address ? JSON.stringify(input.address) : null,
        input.contactLink,
        input.description,
      ],
    );
    await refreshPhotographerSearch(tx, me.id);
  });
  await announce(changed.photographer(me.id));
  return getPhotographer(db, me.id, me);
}
