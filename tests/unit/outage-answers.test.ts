/**
 * A database outage (issue 46, item 12): API 503s say when to try again, like the pages' 503s, and the
 * log gets one line a second per kind, not one stack trace per failed request.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logTrouble, toErrorResponse } from '#server/http/respond';
import * as logModule from '#server/log';

afterEach(() => vi.restoreAllMocks());

describe('a database outage', () => {
  it('answers the API with 503, the envelope and Retry-After', async () => {
    const res = toErrorResponse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('logs one line a second per kind, counting those it left out', () => {
    const log = vi.spyOn(logModule, 'log').mockImplementation(() => undefined);
    const err = Object.assign(new Error('down'), { code: 'ECONNREFUSED' });
    let logged = 0;
    for (let i = 0; i < 20_000; i++) if (logTrouble('database down (test)', undefined, err, 10_000 + i / 2)) logged++;
    // 20,000 failures over 10 s: about ten lines, each saying how many it stood for.
    expect(logged).toBeLessThanOrEqual(11);
    expect(log).toHaveBeenCalledTimes(logged);
    expect(log.mock.calls.at(-1)?.[2]).toMatchObject({ alsoFailed: expect.any(Number) });
    expect((log.mock.calls.at(-1)?.[2] as { alsoFailed: number }).alsoFailed).toBeGreaterThan(1000);
    expect(JSON.stringify(log.mock.calls)).not.toContain('    at ');
  });
});
