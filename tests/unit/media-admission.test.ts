/**
 * Places among the uploads in flight (media/admission.ts): per member and per client address (429) and
 * in all (503), each with Retry-After; a released place is free again.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '#server/http/errors';
import { admitUpload, uploadsInFlight } from '#server/media/admission';

const refusal = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('upload admission', () => {
  it('caps uploads per client address (429, Korean, Retry-After), whatever the accounts', () => {
    const limits = { perMember: 4, perAddress: 2, total: 16 };
    const a = admitUpload(101, limits, '198.51.100.7');
    const b = admitUpload(102, limits, '198.51.100.7');
    const third = refusal(() => admitUpload(103, limits, '198.51.100.7'));
    expect(third.status).toBe(429);
    expect(third.message).toMatch(/네트워크/);
    expect(Number(third.headers?.['Retry-After'])).toBeGreaterThan(0);
    // Another address is not held up, and a released place is free again.
    const c = admitUpload(103, limits, '198.51.100.8');
    a();
    a(); // releasing twice frees one place only
    const d = admitUpload(104, limits, '198.51.100.7');
    expect(uploadsInFlight()).toMatchObject({ total: 3, addresses: 2 });
    for (const release of [b, c, d]) release();
    expect(uploadsInFlight()).toEqual({ total: 0, members: 0, addresses: 0 });
  });

  it('still caps per member (429) and in all (503)', () => {
    const limits = { perMember: 1, perAddress: 10, total: 2 };
    const a = admitUpload(201, limits, '192.0.2.1');
    expect(refusal(() => admitUpload(201, limits, '192.0.2.2')).status).toBe(429);
    const b = admitUpload(202, limits);
    const full = refusal(() => admitUpload(203, limits, '192.0.2.3'));
    expect([full.status, full.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    a();
    b();
    expect(uploadsInFlight().total).toBe(0);
  });
});
