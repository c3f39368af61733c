import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryFirst, queryList } from '#lib/query';
import { listParam, stringParam } from '#server/http/query';

describe('query-string readers (one for pages, filter bar and API)', () => {
  it('reads a list repeated or comma-separated, trimmed, without empty values', () => {
    const params = new URLSearchParams('r=a, b&r=&r=c,,');
    expect(queryList(params, 'r')).toEqual(['a', 'b', 'c']);
    expect(queryFirst(new URLSearchParams('k=&k=%20x%20&k=y'), 'k')).toBe('x');
    expect(queryFirst(params, 'missing')).toBeUndefined();
  });

  it('the API reads the same values (apart from refusing NUL)', () => {
    fc.assert(
      fc.property(fc.array(fc.string().filter((s) => !s.includes('\u0000'))), (values) => {
        const params = new URLSearchParams(values.map((v) => ['k', v]));
        expect(listParam(params, 'k')).toEqual(queryList(params, 'k'));
        expect(stringParam(params, 'k')).toEqual(queryFirst(params, 'k'));
      }),
    );
    expect(() => listParam(new URLSearchParams('k=a%00'), 'k')).toThrow();
  });
});
