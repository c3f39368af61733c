import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

async function getJson(path: string): Promise<{ res: Response; body: unknown }> {
  const res = await fetch(`${base}${path}`);
  return { res, body: await res.json() };
}

describe('regions API', () => {
  it('GET /api/v1/regions/categories lists the categories in data order', async () => {
    const { res, body } = await getJson('/api/v1/regions/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe(CACHE);
    const { categories } = body as { categories: string[] };
    expect(categories[0]).toBe('서울');
    expect(categories).toHaveLength(17);
    expect(categories).toEqual(expect.arrayContaining(['경기', '세종', '제주', '강원']));
  });

  it('GET /api/v1/regions/groups gives every category with its region names', async () => {
    const { res, body } = await getJson('/api/v1/regions/groups');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(CACHE);
    const { regionGroups } = body as { regionGroups: { category: string; regions: string[] }[] };
    expect(regionGroups).toHaveLength(17);
    for (const g of regionGroups) {
      expect(Object.keys(g).sort()).toEqual(['category', 'regions']);
      expect(g.regions.length).toBeGreaterThan(0);
      expect(new Set(g.regions).size).toBe(g.regions.length);
    }
    expect(regionGroups.find((g) => g.category === '서울')?.regions).toContain('강남구');
    expect(regionGroups.find((g) => g.category === '경남')?.regions).toContain('창원');
  });

  it('GET /api/v1/region-clusters gives every category with its clusters', async () => {
    const { res, body } = await getJson('/api/v1/region-clusters');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(CACHE);
    const { regionClusters } = body as { regionClusters: { category: string; clusters: string[] }[] };
    expect(regionClusters).toHaveLength(17);
    for (const g of regionClusters) expect(Object.keys(g).sort()).toEqual(['category', 'clusters']);
    expect(regionClusters.find((g) => g.category === '세종')?.clusters).toEqual([]);
    expect(regionClusters.find((g) => g.category === '대구')?.clusters).toContain('수성구/남구');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${base}/api/v1/regions/groups`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(CACHE);
    expect(await res.text()).toBe('');
  });

  it.each([
    ['DELETE', '/api/v1/regions/groups'],
    ['POST', '/api/v1/regions/categories'],
    ['PUT', '/api/v1/region-clusters'],
  ])('%s %s is a JSON 405', async (method, path) => {
    const res = await fetch(`${base}${path}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('METHOD_NOT_ALLOWED');
    expect(body.message).toMatch(/[가-힣]/);
  });
});
