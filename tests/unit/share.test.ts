import { describe, expect, it, vi } from 'vitest';
import { shareLink, type ShareNavigator } from '#client/share';

const target = { url: 'https://damabwa.kr/event/7', title: '한강 야경 스냅' };

function abort(): Error {
  const e = new Error('closed');
  e.name = 'AbortError';
  return e;
}

describe('shareLink', () => {
  it('uses the share sheet when there is one (title and link), and copies nothing', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(target, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: target.title, url: target.url });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link where the browser has no share sheet, or cannot share this', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink(target, { clipboard: { writeText } })).toBe('copied');
    const share = vi.fn(async () => undefined);
    expect(await shareLink(target, { share, canShare: () => false, clipboard: { writeText } })).toBe('copied');
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(writeText).toHaveBeenCalledWith(target.url);
  });

  it('a closed sheet is no failure and copies nothing; a refused share falls back to copying', async () => {
    const writeText = vi.fn(async () => undefined);
    const closed: ShareNavigator = { share: async () => Promise.reject(abort()), clipboard: { writeText } };
    expect(await shareLink(target, closed)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
    const refused = new Error('no');
    refused.name = 'NotAllowedError';
    const denied: ShareNavigator = { share: async () => Promise.reject(refused), clipboard: { writeText } };
    expect(await shareLink(target, denied)).toBe('copied');
  });

  it('fails when neither works', async () => {
    expect(await shareLink(target, {})).toBe('failed');
    const broken: ShareNavigator = { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } };
    expect(await shareLink(target, broken)).toBe('failed');
  });
});
