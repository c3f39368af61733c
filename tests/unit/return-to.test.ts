import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginPathFrom, peekReturnPath, rememberReturnPath, safeReturnPath, takeReturnPath } from '#lib/return-to';
import { installBrowser } from '../support/browser';

beforeEach(() => {
  installBrowser('/login');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page a sign-in returns to', () => {
  it.each(['/event/8', '/photographers?type=SNAP&page=2', '/search?keyword=%EC%95%BC%EA%B2%BD#top', '/'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'event/8',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/login',
    '/auth?code=1',
    '/signup',
    '/success/signup',
    `/${'a'.repeat(600)}`,
  ])('refuses %s', (path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it('puts the prompt page in the login address', () => {
    expect(loginPathFrom('/event/8?x=1')).toBe('/login?next=%2Fevent%2F8%3Fx%3D1');
    expect(loginPathFrom('/')).toBe('/login');
    expect(loginPathFrom('//evil.example')).toBe('/login');
  });

  it('remembers a safe path for this tab, forgets it when used or when none is given', () => {
    rememberReturnPath('/event/3');
    expect(peekReturnPath()).toBe('/event/3');
    expect(takeReturnPath()).toBe('/event/3');
    expect(takeReturnPath()).toBeNull();
    rememberReturnPath('/event/4');
    rememberReturnPath('https://evil.example');
    expect(peekReturnPath()).toBeNull();
  });
});
