import { describe, expect, it } from 'vitest';
import { eventPreviewDescription, photographerPreviewDescription } from '#lib/link-preview';

describe('link-preview descriptions', () => {
  it('an event: type, shoot types, regions and period in Korean, then the start of its text', () => {
    const d = eventPreviewDescription({
      promotionType: 'FREE',
      startedAt: '2026-11-24',
      endedAt: '2026-12-01',
      activeRegions: [{ category: '서울', name: '마포구' }],
      photographyTypes: ['SNAP', 'PROFILE'],
      content: 'Free shoot!\n\nDM me',
    });
    expect(d).toBe('무료 촬영 이벤트 · 스냅·프로필 · 서울 마포구 · 2026.11.24 ~ 2026.12.01 | Free shoot! DM me');
  });

  it('is cut at 150 characters with an ellipsis', () => {
    const d = eventPreviewDescription({
      promotionType: 'DISCOUNT',
      startedAt: '2026-11-24',
      endedAt: '2026-12-01',
      activeRegions: [],
      photographyTypes: ['SELF'],
      content: '가'.repeat(400),
    });
    expect(d.startsWith('할인 촬영 이벤트 · 셀프 · 2026.11.24 ~ 2026.12.01 | 가')).toBe(true);
    expect([...d].length).toBe(151);
    expect(d.endsWith('…')).toBe(true);
  });

  it('a photographer: shoot types and regions, then the introduction; no empty pieces', () => {
    expect(
      photographerPreviewDescription({
        mainPhotographyTypes: ['CONCEPT'],
        activeRegions: [
          { category: '서울', name: '송파구' },
          { category: '부산', name: '수영구' },
        ],
        description: '컨셉 화보 전문',
      }),
    ).toBe('컨셉 사진작가 · 서울 송파구, 부산 수영구 | 컨셉 화보 전문');
    expect(photographerPreviewDescription({ mainPhotographyTypes: [], activeRegions: [], description: '' })).toBe(
      '사진작가',
    );
  });
});
