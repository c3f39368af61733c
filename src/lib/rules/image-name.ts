/**
 * An image's `name` (what the member called the file): shown as alt text and sent back in every list
 * answer, so it is bounded wherever it enters, an upload or a request body: no path, no control or
 * direction-changing characters, NFC (macOS sends decomposed Hangul), at most 200 characters.
 */
export const IMAGE_NAME_MAX = 200;

// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The bounded form of a name; '' when nothing visible is left. */
export function boundImageName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const trimmed = base.normalize('NFC').replace(UNWANTED, '').trim();
  return Array.from(trimmed).slice(0, IMAGE_NAME_MAX).join('').trim();
}
