import { describe, expect, it } from 'vitest';
import { rawClientErrorAnswer } from '#server/http/early-answers';

const split = (raw: string) => {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const length = Number(/Content-Length: (\d+)/.exec(head)?.[1]);
  return { head, body, length };
};
const ORIGIN = 'https://damabwa.example';

describe('the answer to a request Node could not parse', () => {
  it('is the envelope for a GET, with its length', () => {
    const a = split(rawClientErrorAnswer('HPE_INVALID_URL', Buffer.from('GET /x?a=\u00ec HTTP/1.1\r\n'), ORIGIN));
    expect(a.head).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(a.body)).toMatchObject({ code: 'BAD_REQUEST' });
    expect(a.length).toBe(Buffer.byteLength(a.body));
  });

  it('has no body for a HEAD, nor when the packet does not hold the request line (a split request)', () => {
    const head = split(rawClientErrorAnswer('HPE_INVALID_URL', Buffer.from('HEAD /x?a=\u00ec HTTP/1.1\r\n'), ORIGIN));
    expect(head.body).toBe('');
    expect(head.length).toBeGreaterThan(0);
    // The request line's start came in an earlier packet: a HEAD client must not get bytes it does not expect.
    const rest = split(
      rawClientErrorAnswer('HPE_INVALID_URL', Buffer.from('\u00ec\u00a4 HTTP/1.1\r\nHost: x\r\n'), ORIGIN),
    );
    expect(rest.body).toBe('');
    expect(rest.length).toBe(0);
    expect(rest.head).toContain('Connection: close');
  });
});
