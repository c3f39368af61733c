import { describe, expect, it } from 'vitest';
import clusterData from '#data/region-clusters.json';
import regionData from '#data/regions.json';
import {
  REGION_CATEGORIES,
  REGION_CLUSTER_GROUPS,
  REGION_GROUPS,
  clusterRegionKeys,
  compareRegions,
  expandRegionFilter,
  isKnownRegion,
  isKnownRegionKey,
  isRegionCategory,
  parseRegionKey,
  regionColumns,
  regionKey,
  sortRegions,
} from '#lib/regions';

const regions = regionData as Record<string, string[]>;
const clusters = clusterData as Record<string, string[]>;

describe('region data', () => {
  it('has the same categories, in the same order, in both files', () => {
    expect(Object.keys(clusters)).toEqual(Object.keys(regions));
    expect(REGION_CATEGORIES).toEqual(Object.keys(regions));
  });

  it.each(Object.keys(regions))('%s has no duplicate region and no blank name', (category) => {
    const names = regions[category] ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[가-힣]+$/);
  });

  it.each(Object.keys(clusters))('every cluster of %s splits into existing regions of that category', (category) => {
    for (const cluster of clusters[category] ?? []) {
      expect(cluster).not.toMatch(/\s/);
      const parts = cluster.split('/');
      expect(new Set(parts).size).toBe(parts.length);
      for (const name of parts) expect(regions[category], `${category} ${cluster}`).toContain(name);
    }
    expect(new Set(clusters[category]).size).toBe((clusters[category] ?? []).length);
  });

  it('carries the fixes of docs/decisions/006-region-data.md', () => {
    expect(regions['경기']).toEqual(expect.arrayContaining(['과천', '화성', '남양주', '구리']));
    expect(regions['경기']).toHaveLength(31);
    expect(regions['경남']).toContain('창원');
    expect(regions['경남']).not.toContain('청주');
    expect(regions['대구']).toContain('군위군');
    expect(regions['경북']).not.toContain('군위');
    expect(clusters['대구']).toContain('수성구/남구');
  });

  it('serves groups and clusters for every category', () => {
    expect(REGION_GROUPS.map((g) => g.category)).toEqual(REGION_CATEGORIES);
    expect(REGION_CLUSTER_GROUPS.map((g) => g.category)).toEqual(REGION_CATEGORIES);
    expect(REGION_CLUSTER_GROUPS.find((g) => g.category === '세종')?.clusters).toEqual([]);
  });
});

describe('region keys', () => {
  it('joins category and name with one space and parses back', () => {
    expect(regionKey('서울', '강남구')).toBe('서울 강남구');
    expect(parseRegionKey('서울 강남구')).toEqual({ category: '서울', name: '강남구' });
    expect(parseRegionKey('서울')).toBeNull();
    expect(parseRegionKey(' 강남구')).toBeNull();
    expect(parseRegionKey('서울 ')).toBeNull();
  });

  it.each([
    ['서울', '강남구', true],
    ['세종', '세종', true],
    ['경남', '창원', true],
    ['경남', '청주', false],
    ['충북', '청주', true],
    ['서울', '강남', false],
    ['부산', '강남구', false],
    ['서울특별시', '강남구', false],
  ])('%s %s known: %s', (category, name, known) => {
    expect(isKnownRegion(category, name)).toBe(known);
    expect(isKnownRegionKey(regionKey(category, name))).toBe(known);
  });

  it('knows categories', () => {
    expect(isRegionCategory('서울')).toBe(true);
    expect(isRegionCategory('서울 강남구')).toBe(false);
    expect(isRegionCategory('도쿄')).toBe(false);
  });
});

describe('ordering', () => {
  it('sorts by the category order of the data, then by name', () => {
    const sorted = sortRegions([
      { category: '경기', name: '수원' },
      { category: '서울', name: '중구' },
      { category: '서울', name: '강남구' },
      { category: '강원', name: '춘천' },
      { category: '경기', name: '고양' },
    ]);
    expect(sorted.map((r) => regionKey(r.category, r.name))).toEqual([
      '서울 강남구',
      '서울 중구',
      '경기 고양',
      '경기 수원',
      '강원 춘천',
    ]);
    expect(compareRegions({ category: '서울', name: '가' }, { category: '서울', name: '가' })).toBe(0);
  });
});

describe('clusters and filter values', () => {
  it('splits a cluster into region keys', () => {
    expect(clusterRegionKeys('서울', '송파구/강동구')).toEqual(['서울 송파구', '서울 강동구']);
    expect(clusterRegionKeys('경기', '하남/구리')).toEqual(['경기 하남', '경기 구리']);
    expect(clusterRegionKeys('서울', '하남/구리')).toEqual([]);
    expect(clusterRegionKeys('서울', '강남구/서초구')).toEqual([]);
  });

  it('maps every cluster of the data to existing region keys', () => {
    for (const { category, clusters: list } of REGION_CLUSTER_GROUPS) {
      for (const cluster of list) {
        const keys = clusterRegionKeys(category, cluster);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) expect(isKnownRegionKey(key)).toBe(true);
      }
    }
  });

  it.each([
    [['서울'], [], ['서울'], []],
    [['서울 강남구'], ['서울 강남구'], [], []],
    [['서울 강남구', '서울'], [], ['서울'], []],
    [['경기 하남/구리'], ['경기 구리', '경기 하남'], [], []],
    [['경기 하남 / 구리'], ['경기 구리', '경기 하남'], [], []],
    [['경기 하남', '경기 하남/구리', '경기 하남'], ['경기 구리', '경기 하남'], [], []],
    [['  서울   강남구 '], ['서울 강남구'], [], []],
    [['부산 해운대구', '서울 마포구', '부산'], ['서울 마포구'], ['부산'], []],
    [['강원', '서울'], [], ['서울', '강원'], []],
    [['', ' '], [], [], []],
    [['서울 강남', '도쿄', '서울 하남/구리'], [], [], ['서울 강남', '도쿄', '서울 하남/구리']],
  ])('%j → regions %j, categories %j, unknown %j', (values, regionKeys, categories, unknown) => {
    expect(expandRegionFilter(values)).toEqual({ regions: regionKeys, categories, unknown });
  });

  it('expands what the filter bar sends for a cluster exactly like the cluster itself', () => {
    const sent = clusterRegionKeys('서울', '중랑구/노원구/성북구/동대문구');
    expect(expandRegionFilter(sent)).toEqual(expandRegionFilter(['서울 중랑구/노원구/성북구/동대문구']));
  });
});

describe('regionColumns', () => {
  it('stores the keys in order and each category once', () => {
    const columns = regionColumns([
      { category: '서울', name: '강남구' },
      { category: '경기', name: '하남시' },
      { category: '서울', name: '송파구' },
    ]);
    expect(columns).toEqual({ keys: ['서울 강남구', '경기 하남시', '서울 송파구'], categories: ['서울', '경기'] });
  });
});
