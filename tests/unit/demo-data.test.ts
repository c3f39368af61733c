import { describe, expect, it } from 'vitest';
import { BANNER_EVENT_INDEX, BANNER_EVENT_OPEN_DAYS, seedEvents, seedPhotographers } from '#server/seed/demo-data';

describe('demo data', () => {
  it('gives every demo photographer a road and lot address in the district it names', () => {
    const photographers = seedPhotographers(26);
    for (const p of photographers) {
      expect(p.address, p.nickname).not.toBeNull();
      const a = p.address;
      if (!a) continue;
      const district = a.sigungu.replace(/(시|군|구)$/, '');
      expect(a.roadAddress, p.nickname).toContain(district);
      expect(a.jibunAddress, p.nickname).toContain(district);
    }
  });

  it("keeps the home banner's event (the eighth) ongoing for at least a month after seeding", () => {
    const banner = seedEvents(60, 26)[BANNER_EVENT_INDEX];
    expect(banner).toBeDefined();
    if (!banner) return;
    expect(banner.startOffsetDays).toBeLessThanOrEqual(0);
    expect(banner.startOffsetDays + banner.lengthDays).toBeGreaterThanOrEqual(30);
    expect(banner.startOffsetDays + banner.lengthDays).toBe(BANNER_EVENT_OPEN_DAYS);
  });

  it('leaves most ongoing events open for weeks, so the demo does not close soon after seeding', () => {
    const events = seedEvents(60, 26);
    const ongoing = events.filter((e) => e.startOffsetDays <= 0 && e.startOffsetDays + e.lengthDays >= 0);
    const openAMonth = ongoing.filter((e) => e.startOffsetDays + e.lengthDays >= 21);
    expect(openAMonth.length).toBeGreaterThanOrEqual(ongoing.length / 2);
  });
});
