import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, logLifecycle, setLogLevel } from '#server/log';

afterEach(() => {
  setLogLevel('info');
  vi.restoreAllMocks();
});

describe('the one logger', () => {
  it('drops lines below LOG_LEVEL but always prints the lifecycle lines', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    setLogLevel('warn');
    log('info', 'request', { status: 200 });
    expect(out).not.toHaveBeenCalled();
    logLifecycle('listening', { url: 'http://localhost:1' });
    const line = String(out.mock.calls[0]?.[0]);
    expect(line).toMatch(/"level":"info","msg":"listening","url":"http:\/\/localhost:1"/);
  });

  it('writes warnings and errors to stderr as JSON, errors with their message', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    log('error', 'stop failed', { err: new Error('boom') });
    expect(JSON.parse(String(err.mock.calls[0]?.[0]))).toMatchObject({
      level: 'error',
      msg: 'stop failed',
      err: { message: 'boom' },
    });
  });
});
