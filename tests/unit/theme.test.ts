import { describe, expect, it } from 'vitest';
import { themeColorFor } from '#lib/theme';

describe('themeColorFor', () => {
  it.each([
    ['/login', '#7B35D3'],
    ['/', '#622AA9'],
    ['/events', '#622AA9'],
    ['/photographers', '#622AA9'],
    ['/photographer/3', '#622AA9'],
    ['/photographer', '#622AA9'],
    ['/event/3', '#FFFFFF'],
    ['/search', '#FFFFFF'],
    ['/mypage', '#FFFFFF'],
    ['/signup', '#FFFFFF'],
    ['/photographers/', '#622AA9'],
  ])('%s → %s', (path, color) => {
    expect(themeColorFor(path)).toBe(color);
  });
});
