import { describe, expect, it } from 'vitest';
import { pickEncoding } from '#server/http/encoding';

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['gzip, *;q=0', 'gzip'],
    ['identity', 'identity'],
    ['BR', 'br'],
    ['br;q=abc', 'br'], // a malformed weight is ignored
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
