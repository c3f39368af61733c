/**
 * The copy catalogue reads naturally and names one control one way (issue 44, item 19): no "숨긴 때",
 * "진행 중" with its space everywhere, the same ⋮ and back controls named alike for screen readers.
 */
import { describe, expect, it } from 'vitest';
import { copy } from '#lib/copy';
import { browseCopy } from '#lib/copy-browse';
import { memberCopy } from '#lib/copy-member';
import { moderationCopy } from '#lib/copy-moderation';
import { PROGRESS_FILTER_LABELS } from '#lib/domain';

/** Every string of a catalogue, functions called with sample arguments. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    try {
      return strings((value as (...args: unknown[]) => unknown)(1, 2, 3));
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const all = [copy, browseCopy, memberCopy, moderationCopy, PROGRESS_FILTER_LABELS].flatMap(strings);

describe('the copy catalogue (issue 44, item 19)', () => {
  it('says when something was hidden in natural Korean', () => {
    expect(moderationCopy.hidden.hiddenAt).toBe('숨긴 날짜');
    expect(all.filter((s) => s.includes('숨긴 때'))).toEqual([]);
  });

  it('writes 진행 중 with its space', () => {
    expect(PROGRESS_FILTER_LABELS.ONGOING).toBe('진행 중');
    expect(all.filter((s) => s.includes('진행중'))).toEqual([]);
  });

  it('names the ⋮ of an event and of a photographer page alike, for a member and for an admin', () => {
    expect(moderationCopy.report.photographerMenu).toBe(browseCopy.event.more);
    expect(browseCopy.event.more).toBe('더보기');
    // The menus that manage: 이벤트 관리 메뉴 and 사진작가 페이지 관리 메뉴.
    expect(browseCopy.event.options).toMatch(/관리 메뉴$/);
    expect(moderationCopy.admin.photographerMenu).toMatch(/관리 메뉴$/);
  });

  it('names every back arrow 뒤로 가기', () => {
    expect(browseCopy.event.back).toBe('뒤로 가기');
    expect(browseCopy.photographer.back).toBe(copy.common.back);
    expect(all.filter((s) => s.includes('이전 화면으로'))).toEqual([]);
  });
});
