import { describe, expect, it } from 'vitest';
import { notFound } from '#server/http/errors';
import { NOT_FOUND_MESSAGE, notFoundPage } from '#server/http/not-found';

describe('the one Not Found answer', () => {
  it('sends a page home with the one-time notice', async () => {
    const res = notFoundPage();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^notice=not-found;/);
    expect(await res.text()).toContain('<a href="/">홈으로 이동</a>');
  });

  it('answers an API path with the catalogue’s 404, whose message is declared beside the page', () => {
    const err = notFound();
    expect({ status: err.status, code: err.code, message: err.message }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: NOT_FOUND_MESSAGE,
    });
  });
});
