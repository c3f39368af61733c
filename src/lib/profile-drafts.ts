/**
 * Drafts of the member editors (/edit/user, /edit/photographer, /edit/photographer/detail), kept in the
 * tab's sessionStorage as typed, so a session that ends mid-form (issue 44, item 6) or a reload loses
 * nothing. A stored draft is untrusted input: each field goes through the same input rule as typing,
 * and anything malformed keeps the value loaded from the server.
 */
import { PHOTOGRAPHY_TYPES, isOneOf, type Address, type Image, type PhotographyType, type Region } from './domain';
import { readImage } from './image-list';
import {
  MAX_PORTFOLIO,
  MAX_PROFILE_REGIONS,
  MAX_PROFILE_TYPES,
  introInput,
  withNameInput,
  withUserInstagram,
  type PageEditorFields,
  type PhotographerEditState,
  type UserEditState,
} from './member-forms';
import { isKnownRegion } from './regions';
import { addressOrNull, normaliseInstagramIdInput } from './rules/member';

export type ProfileEditor = 'user' | 'photographer' | 'page';

/** One draft per editor and member: another member signing in on this tab never sees it. */
export function profileDraftKey(editor: ProfileEditor, memberId: number): string {
  return `profileDraft:${editor}:${memberId}`;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const record = (raw: unknown): Record<string, unknown> | null =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;

/** Known photography types of a stored list, at most `max`; null when it is no list. */
export function decodeTypes(v: unknown, max: number): PhotographyType[] | null {
  if (!Array.isArray(v)) return null;
  return v.filter((t): t is PhotographyType => isOneOf(PHOTOGRAPHY_TYPES, t)).slice(0, max);
}

/** Known regions of a stored list, at most `max`; null when it is no list. */
export function decodeRegions(v: unknown, max: number): Region[] | null {
  if (!Array.isArray(v)) return null;
  return v
    .flatMap((x) => {
      const r = record(x);
      return r && isString(r['category']) && isString(r['name']) && isKnownRegion(r['category'], r['name'])
        ? [{ category: r['category'], name: r['name'] }]
        : [];
    })
    .slice(0, max);
}

/** A stored picture: an image, null (removed), or undefined when the draft holds nothing usable. */
function decodePicture(v: unknown): Image | null | undefined {
  if (v === null) return null;
  return readImage(v) ?? undefined;
}

function decodeAddress(v: unknown): Address | null | undefined {
  if (v === null) return null;
  const r = record(v);
  if (!r) return undefined;
  const parts = ['sido', 'sigungu', 'roadAddress', 'jibunAddress'] as const;
  if (!parts.every((p) => isString(r[p]))) return undefined;
  const [sido, sigungu, roadAddress, jibunAddress] = parts.map((p) => r[p] as string) as [
    string,
    string,
    string,
    string,
  ];
  return addressOrNull({ sido, sigungu, roadAddress, jibunAddress });
}

export interface UserDraft {
  nickname: string;
  instagramId: string;
  profileImage: Image | null;
}

export function userDraft(s: UserEditState): UserDraft {
  return { nickname: s.nickname.value, instagramId: s.instagramId, profileImage: s.profileImage };
}

/** The editor loaded from the server with a stored draft applied; null when there is no draft. */
export function withUserDraft(s: UserEditState, raw: unknown): UserEditState | null {
  const d = record(raw);
  if (!d) return null;
  let next = s;
  if (isString(d['nickname'])) next = { ...next, nickname: withNameInput(next.nickname, d['nickname']) };
  if (isString(d['instagramId'])) next = withUserInstagram(next, d['instagramId']);
  const picture = decodePicture(d['profileImage']);
  if (picture !== undefined) next = { ...next, profileImage: picture };
  return next;
}

export interface PhotographerDraft {
  nickname: string;
  profileImage: Image | null;
  photographyTypes: PhotographyType[];
  regions: Region[];
}

export function photographerDraft(s: PhotographerEditState): PhotographerDraft {
  return {
    nickname: s.nickname.value,
    profileImage: s.profileImage,
    photographyTypes: s.photographyTypes,
    regions: s.regions,
  };
}

export function withPhotographerDraft(s: PhotographerEditState, raw: unknown): PhotographerEditState | null {
  const d = record(raw);
  if (!d) return null;
  let next = s;
  if (isString(d['nickname'])) next = { ...next, nickname: withNameInput(next.nickname, d['nickname']) };
  const picture = decodePicture(d['profileImage']);
  if (picture !== undefined) next = { ...next, profileImage: picture };
  const types = decodeTypes(d['photographyTypes'], MAX_PROFILE_TYPES);
  if (types) next = { ...next, photographyTypes: types };
  const regions = decodeRegions(d['regions'], MAX_PROFILE_REGIONS);
  if (regions) next = { ...next, regions };
  return next;
}

export interface PageDraft extends PageEditorFields {
  portfolio: Image[];
}

export function withPageDraft(
  fields: PageEditorFields,
  portfolio: Image[],
  raw: unknown,
): { fields: PageEditorFields; portfolio: Image[] } | null {
  const d = record(raw);
  if (!d) return null;
  const address = decodeAddress(d['address']);
  return {
    fields: {
      address: address === undefined ? fields.address : address,
      instagramId: isString(d['instagramId']) ? normaliseInstagramIdInput(d['instagramId']) : fields.instagramId,
      contactLink: isString(d['contactLink']) ? d['contactLink'].replace(/[\r\n]+/g, '') : fields.contactLink,
      description: isString(d['description']) ? introInput(d['description']) : fields.description,
    },
    portfolio: Array.isArray(d['portfolio'])
      ? d['portfolio'].flatMap((i) => readImage(i) ?? []).slice(0, MAX_PORTFOLIO)
      : portfolio,
  };
}
