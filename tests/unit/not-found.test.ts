import { describe, expect, it } from 'vitest';
import { notFound } from '#server/http/errors';
import { notFoundBody, notFoundPage } from '#server/http/not-found';

describe('the one Not Found answer', () => {
  it('sends a page home with the one-time notice', async () => {
    const res = notFoundPage();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^notice=not-found;/);
    expect(await res.text()).toContain('<a href="/">홈으로 이동</a>');
  });

  it('answers an API path with the envelope the error mapping uses', () => {
    const err = notFound();
    expect(notFoundBody()).toEqual({ code: err.code, message: err.message });
  });
});
