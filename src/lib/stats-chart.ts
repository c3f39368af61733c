/**
 * The daily chart of the statistics pages (issue 43), drawn on the server as SVG markup: one row of bars
 * per counter (each to its own scale, so a handful of applications shows beside thousands of views), the
 * row's total beside its name, the first, middle and last day under the rows. The chart is decorative
 * for screen readers (`aria-hidden`): the page gives the same numbers as a table.
 */
import { escapeHtml } from './html';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

const WIDTH = 360;
const ROW = 64;
const BAR_AREA = 40;
const LABEL = 18;
const AXIS = 18;
const COLORS = ['#7b35d3', '#1f7a5a', '#b3261e', '#a34700', '#2f5fb3', '#5f5f68'];

const shortDay = (day: string) => `${day.slice(5, 7)}.${day.slice(8, 10)}`;

/** The chart of `series` over `days` (YYYY-MM-DD, oldest first; each series has one value per day). */
export function dailyChartSvg(days: readonly string[], series: readonly ChartSeries[]): string {
  const n = Math.max(days.length, 1);
  const step = WIDTH / n;
  const barWidth = Math.max(1, step - (step > 4 ? 2 : 0.5));
  const height = series.length * ROW + AXIS;
  const parts: string[] = [];
  series.forEach((s, row) => {
    const top = row * ROW;
    const max = Math.max(0, ...s.values);
    const total = s.values.reduce((a, b) => a + b, 0);
    const color = COLORS[row % COLORS.length] ?? '#7b35d3';
    parts.push(
      `<text x="0" y="${top + 13}" font-size="12" font-weight="700" fill="#1b1b1f">${escapeHtml(s.label)}</text>`,
      `<text x="${WIDTH}" y="${top + 13}" font-size="12" text-anchor="end" fill="#5f5f68">${escapeHtml(total.toLocaleString('ko-KR'))}</text>`,
      `<line x1="0" x2="${WIDTH}" y1="${top + LABEL + BAR_AREA + 0.5}" y2="${top + LABEL + BAR_AREA + 0.5}" stroke="#e5e5ea"/>`,
    );
    s.values.forEach((v, i) => {
      if (v <= 0 || max === 0) return;
      const h = Math.max(1, Math.round((v / max) * BAR_AREA * 10) / 10);
      const x = Math.round(i * step * 10) / 10;
      const y = Math.round((top + LABEL + BAR_AREA - h) * 10) / 10;
      parts.push(
        `<rect x="${x}" y="${y}" width="${Math.round(barWidth * 10) / 10}" height="${h}" rx="1" fill="${color}"/>`,
      );
    });
  });
  if (days.length > 0) {
    const y = series.length * ROW + 12;
    const first = days[0] as string;
    const last = days[days.length - 1] as string;
    const middle = days[Math.floor((days.length - 1) / 2)] as string;
    parts.push(
      `<text x="0" y="${y}" font-size="11" fill="#5f5f68">${escapeHtml(shortDay(first))}</text>`,
      `<text x="${WIDTH / 2}" y="${y}" font-size="11" text-anchor="middle" fill="#5f5f68">${escapeHtml(shortDay(middle))}</text>`,
      `<text x="${WIDTH}" y="${y}" font-size="11" text-anchor="end" fill="#5f5f68">${escapeHtml(shortDay(last))}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="100%" aria-hidden="true" focusable="false" font-family="inherit">${parts.join('')}</svg>`;
}
