import { describe, expect, it } from 'vitest';
import { parseConfig } from '#server/config';
import { isAllowedEndpoint, type PushEndpointPolicy } from '#server/push/policy';

const hosts = parseConfig({ APP_ENV: 'test' }).push.serviceHosts;
const policy: PushEndpointPolicy = { hosts, standInOrigin: 'http://127.0.0.1:4321' };

describe('which push endpoints the server sends to', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAA', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=x', true],
    ['http://127.0.0.1:4321/dev/push/6f1c', true],
    ['http://127.0.0.1:4321/api/v1/users/me', false],
    ['http://127.0.0.1:4322/dev/push/6f1c', false],
    ['http://fcm.googleapis.com/fcm/send/x', false],
    ['https://fcm.googleapis.com:444/fcm/send/x', false],
    ['https://a:b@fcm.googleapis.com/fcm/send/x', false],
    ['https://fcm.googleapis.com.attacker.example/x', false],
    ['https://notify.windows.com/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://localhost/x', false],
    ['ftp://fcm.googleapis.com/x', false],
    ['', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(isAllowedEndpoint(endpoint, policy)).toBe(allowed);
  });

  it('production refuses the stand-in and keys given by halves', () => {
    const prod = {
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://x/y',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_ORIGIN: 'https://damabwa.kr',
      KAKAO_REST_API_KEY: 'k',
    };
    expect(() => parseConfig({ ...prod, PUSH_STANDIN: 'true' })).toThrow(/PUSH_STANDIN/);
    expect(() => parseConfig({ ...prod, VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(parseConfig(prod).push.standIn).toBe(false);
  });
});
