/** The contract's ordering of sets in answers. */
import type { PhotographyType, Region } from '#lib/domain';
import { parseRegionKey, sortRegions } from '#lib/regions';

/** Photography types ordered by enum name. */
export function sortPhotographyTypes(types: readonly PhotographyType[]): PhotographyType[] {
  return [...types].sort();
}

/** Stored region keys (`"서울 강남구"`) as Region objects, ordered by category (data order) then name. */
export function regionsFromKeys(keys: readonly string[]): Region[] {
  return sortRegions(keys.flatMap((key) => parseRegionKey(key) ?? []));
}
