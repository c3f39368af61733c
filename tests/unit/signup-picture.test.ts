/**
 * Sign-up's profile picture goes through the editors' upload: a PNG of 3 MB or more is compressed with
 * the same JPEG target as the editors' (the library's PNG encoder took minutes, decision 005).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const compress = vi.hoisted(() =>
  vi.fn(async (file: File, options: { fileType?: string }) => {
    return new File([new Uint8Array(1024)], file.name, { type: options.fileType ?? file.type });
  }),
);
vi.mock('browser-image-compression', () => ({ default: compress }));

import { ACCESS_TOKEN_KEY } from '#client/auth';
import { INITIAL_SIGNUP_STATE } from '#lib/signup';
import { userPicture } from '#stores/profile-edit';
import { $signup, signupPicture } from '#stores/signup';
import { installBrowser } from '../support/browser';

const bigPng = () => new File([new Uint8Array(3_145_728)], 'big.png', { type: 'image/png' });

beforeEach(() => {
  installBrowser('/signup').local.setItem(ACCESS_TOKEN_KEY, 'access-1');
  $signup.set({ ...INITIAL_SIGNUP_STATE, step: 'profile', role: 'PHOTOGRAPHER' });
  compress.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  signupPicture.clear();
  userPicture.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("sign-up's profile picture", () => {
  it('compresses a large PNG with the editors’ JPEG target', async () => {
    userPicture.pick(bigPng());
    await vi.waitFor(() => expect(compress).toHaveBeenCalledTimes(1));
    const editorTarget = compress.mock.calls[0]?.[1].fileType;

    signupPicture.pick(bigPng());
    await vi.waitFor(() => expect(compress).toHaveBeenCalledTimes(2));
    const [file, options] = compress.mock.calls[1] ?? [];
    expect(file?.type).toBe('image/png');
    expect(options?.fileType).toBe('image/jpeg');
    expect(options?.fileType).toBe(editorTarget);
  });

  it('refuses a file that is not an image, in Korean, and compresses nothing', () => {
    signupPicture.pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(signupPicture.$upload.get()).toMatchObject({ phase: 'error', error: '이미지 파일이 아니에요.' });
    expect(compress).not.toHaveBeenCalled();
  });
});
