/** The contract's ordering of sets in answers. */
import type { PhotographyType, Region } from '../../lib/domain';

/** Photography types ordered by enum name. */
export function sortPhotographyTypes(types: readonly PhotographyType[]): PhotographyType[] {
  return [...types].sort();
}

const byCategoryThenName = (a: Region, b: Region) =>
  a.category === b.category ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.category < b.category ? -1 : 1;

/** Stored region keys (`"서울 강남구"`) as Region objects, ordered by category then name. */
export function regionsFromKeys(keys: readonly string[]): Region[] {
  return keys
    .map((key) => {
      const space = key.indexOf(' ');
      return space < 0 ? { category: key, name: '' } : { category: key.slice(0, space), name: key.slice(space + 1) };
    })
    .sort(byCategoryThenName);
}
