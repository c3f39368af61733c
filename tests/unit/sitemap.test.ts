import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '#server/services/sitemap';

describe('sitemap and robots', () => {
  it('writes absolute, escaped addresses', () => {
    const xml = sitemapXml([{ path: '/' }, { path: '/event/3', lastmod: '2025-05-01' }], 'https://damabwa.kr');
    expect(xml).toContain('<loc>https://damabwa.kr/</loc>');
    expect(xml).toContain('<url><loc>https://damabwa.kr/event/3</loc><lastmod>2025-05-01</lastmod></url>');
    expect(xml.startsWith('<?xml')).toBe(true);
  });

  it('points crawlers at the sitemap and away from member pages and the API', () => {
    const txt = robotsTxt('https://damabwa.kr');
    expect(txt).toContain('Sitemap: https://damabwa.kr/sitemap.xml');
    expect(txt).toContain('Disallow: /api/');
    expect(txt).toContain('Disallow: /mypage');
    expect(txt).not.toContain('Disallow: /events');
  });
});
