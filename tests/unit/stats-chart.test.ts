/**
 * The statistics' daily chart, drawn on the server as SVG (issue 43): a row of bars per counter, each to
 * its own scale, nothing drawn for a zero, labels escaped, hidden from screen readers (the page gives the
 * numbers as a table); and how the pages word the comparison with the previous period.
 */
import { describe, expect, it } from 'vitest';
import { statsCopy } from '#lib/copy-stats';
import { dailyChartSvg } from '#lib/stats-chart';
import { statsPeriod } from '#server/services/statistics';

const days = ['2026-11-25', '2026-11-26', '2026-11-27'];

describe('the daily chart', () => {
  it('draws one bar per day with something counted, each row to its own scale', () => {
    const svg = dailyChartSvg(days, [
      { label: '조회', values: [1000, 0, 500] },
      { label: '신청', values: [0, 2, 1] },
    ]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 360 146"[^>]* aria-hidden="true"/);
    const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    // 1000 and 500 of the first row; 2 and 1 of the second: the largest of each row is full height.
    expect(heights).toEqual([40, 20, 40, 20]);
    expect(svg).toContain('>1,500<');
    expect(svg).toContain('>11.25<');
    expect(svg).toContain('>11.27<');
  });

  it('escapes its labels', () => {
    expect(dailyChartSvg(days, [{ label: '<b>"x"</b>', values: [0, 0, 0] }])).toContain(
      '&lt;b&gt;&quot;x&quot;&lt;/b&gt;',
    );
  });
});

describe('the period and its comparison', () => {
  it('ends today (Korea time) and compares with the days before', () => {
    // 2026-11-27 16:00 UTC is already the 28th in Korea.
    expect(statsPeriod(30, Date.parse('2026-11-27T16:00:00Z'))).toEqual({
      days: 30,
      from: '2026-10-30',
      to: '2026-11-28',
      previousFrom: '2026-09-30',
      previousTo: '2026-10-29',
    });
  });

  it('says how much changed in plain words', () => {
    expect(statsCopy.change(12, 10)).toBe('20% 늘었어요');
    expect(statsCopy.change(5, 10)).toBe('50% 줄었어요');
    expect(statsCopy.change(3, 0)).toBe('3 늘었어요');
    expect(statsCopy.change(0, 0)).toBe('변화 없음');
  });
});
