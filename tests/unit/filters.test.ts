import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER,
  filterEntries,
  isClusterSelected,
  listHref,
  normaliseRegions,
  readFilter,
  readKeyword,
  readPage,
  regionChoices,
  resetFilter,
  serviceParams,
  togglePhotographyType,
  togglePromotionType,
  toggleRegionCategory,
  toggleRegionCluster,
} from '#lib/filters';

const q = (s: string) => new URLSearchParams(s);
const whole = (c: string) => `${c} 전체`;

describe('readFilter', () => {
  it('reads every key of the API, lists in both forms', () => {
    const f = readFilter(
      q(
        'type=FREE&progressStatus=ONGOING&sortType=POPULAR&regions=서울 강남구&regions=부산&photographyTypes=SELF,SNAP',
      ),
      'promotion',
    );
    expect(f).toEqual({
      type: 'FREE',
      progressStatus: 'ONGOING',
      sortType: 'POPULAR',
      regions: ['서울 강남구', '부산'],
      photographyTypes: ['SNAP', 'SELF'],
    });
  });

  it('drops unknown values instead of failing', () => {
    const f = readFilter(
      q('type=BOGUS&progressStatus=x&sortType=NEWEST&regions=화성시,없는곳 어딘가&photographyTypes=FOOD'),
      'promotion',
    );
    expect(f).toEqual(DEFAULT_FILTER);
  });

  it('ignores the event-only keys for photographers and accepts `sort` there', () => {
    const f = readFilter(q('type=FREE&progressStatus=ENDED&sort=POPULAR'), 'photographer');
    expect(f).toMatchObject({ type: null, progressStatus: 'ALL', sortType: 'POPULAR' });
  });

  it('a whole category absorbs its single regions; clusters given as `category cluster` expand', () => {
    expect(normaliseRegions(['서울 강남구', '서울', '경기 하남/구리'])).toEqual(['서울', '경기 구리', '경기 하남']);
  });
});

describe('page and keyword', () => {
  it('page is a small non-negative integer, else 0', () => {
    expect(readPage(q('page=3'))).toBe(3);
    expect(readPage(q('page=-1'))).toBe(0);
    expect(readPage(q('page=abc'))).toBe(0);
    expect(readPage(q('page=99999999'))).toBe(0);
    expect(readPage(q(''))).toBe(0);
  });

  it('keyword is trimmed, collapsed, stripped of control characters and capped', () => {
    expect(readKeyword(q('searchKeyword=  한강   야경 '))).toBe('한강 야경');
    expect(readKeyword(q('searchKeyword=a%00b'))).toBe('a b');
    expect(readKeyword(q(`searchKeyword=${'가'.repeat(150)}`))).toHaveLength(100);
  });
});

describe('writing the address', () => {
  it('leaves defaults out and keeps a fixed order', () => {
    expect(filterEntries(DEFAULT_FILTER, 'promotion')).toEqual([]);
    const f = {
      ...DEFAULT_FILTER,
      photographyTypes: ['SNAP' as const],
      type: 'DISCOUNT' as const,
      progressStatus: 'UPCOMING' as const,
    };
    expect(filterEntries(f, 'promotion')).toEqual([
      ['type', 'DISCOUNT'],
      ['progressStatus', 'UPCOMING'],
      ['photographyTypes', 'SNAP'],
    ]);
    expect(filterEntries(f, 'photographer')).toEqual([['photographyTypes', 'SNAP']]);
  });

  it('round-trips through the URL', () => {
    const f = readFilter(q('sortType=POPULAR&regions=경기 수원,서울&photographyTypes=PROFILE&type=FREE'), 'promotion');
    const href = listHref({ path: '/events', kind: 'promotion', filter: f, page: 2 });
    expect(href.startsWith('/events?')).toBe(true);
    const back = new URL(href, 'http://x').searchParams;
    expect(readFilter(back, 'promotion')).toEqual(f);
    expect(readPage(back)).toBe(2);
  });

  it('keeps the search page pairs first and leaves page 0 out', () => {
    const href = listHref({
      path: '/search',
      kind: 'photographer',
      filter: DEFAULT_FILTER,
      base: [
        ['searchKeyword', '스냅'],
        ['state', 'PHOTOGRAPHER'],
      ],
    });
    expect(href).toBe('/search?searchKeyword=%EC%8A%A4%EB%83%85&state=PHOTOGRAPHER');
  });

  it('service params carry the keyword', () => {
    expect(serviceParams(DEFAULT_FILTER, 'promotion', '야경').get('searchKeyword')).toBe('야경');
  });
});

describe('changes', () => {
  it('reset goes back to LATEST and ALL with nothing chosen', () => {
    expect(resetFilter()).toEqual(DEFAULT_FILTER);
  });

  it('FREE and DISCOUNT toggle and exclude each other', () => {
    const free = togglePromotionType(DEFAULT_FILTER, 'FREE');
    expect(free.type).toBe('FREE');
    expect(togglePromotionType(free, 'DISCOUNT').type).toBe('DISCOUNT');
    expect(togglePromotionType(free, 'FREE').type).toBeNull();
  });

  it('photography types toggle and stay in enum order', () => {
    const a = togglePhotographyType(togglePhotographyType(DEFAULT_FILTER, 'SELF'), 'SNAP');
    expect(a.photographyTypes).toEqual(['SNAP', 'SELF']);
    expect(togglePhotographyType(a, 'SELF').photographyTypes).toEqual(['SNAP']);
  });
});

describe('region sheet', () => {
  it('a cluster adds all its regions, and removes them when all are there', () => {
    const on = toggleRegionCluster([], '서울', '송파구/강동구');
    expect(on).toEqual(['서울 강동구', '서울 송파구']);
    expect(isClusterSelected(on, '서울', '송파구/강동구')).toBe(true);
    expect(toggleRegionCluster(on, '서울', '송파구/강동구')).toEqual([]);
  });

  it('a partly chosen cluster is completed, not cleared', () => {
    expect(toggleRegionCluster(['서울 송파구'], '서울', '송파구/강동구')).toEqual(['서울 강동구', '서울 송파구']);
  });

  it('a whole category replaces its regions; a cluster replaces the whole category', () => {
    const whole1 = toggleRegionCategory(['서울 강남구', '부산'], '서울');
    expect(whole1).toEqual(['서울', '부산']);
    expect(toggleRegionCategory(whole1, '서울')).toEqual(['부산']);
    expect(toggleRegionCluster(whole1, '서울', '강남구')).toEqual(['서울 강남구', '부산']);
    expect(isClusterSelected(whole1, '서울', '강남구')).toBe(false);
  });

  it('names the choice the way a person would', () => {
    const values = ['서울 송파구', '서울 강동구', '서울 강남구', '부산', '경기 고양', '경기 파주'];
    expect(regionChoices(values, whole).map((c) => c.label)).toEqual([
      '강남구',
      '송파구/강동구',
      '고양/파주',
      '부산 전체',
    ]);
  });
});
