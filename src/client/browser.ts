/**
 * The few browser facilities the session code touches (Web Storage, the current address, navigation),
 * behind small functions: they do nothing on the server, survive storage that throws (private mode,
 * quota) and can be replaced in unit tests with `vi.stubGlobal`.
 */
export type StorageArea = 'local' | 'session';

function storage(area: StorageArea): Storage | null {
  try {
    const s = area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

export function readStorage(area: StorageArea, key: string): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(area: StorageArea, key: string, value: string): void {
  try {
    storage(area)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only in memory for this page.
  }
}

export function removeStorage(area: StorageArea, key: string): void {
  try {
    storage(area)?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** The JSON value under `key`, or null when missing or unreadable. */
export function readStorageJson(area: StorageArea, key: string): unknown {
  const raw = readStorage(area, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeStorageJson(area: StorageArea, key: string, value: unknown): void {
  writeStorage(area, key, JSON.stringify(value));
}

/** The path of the current page ('' on the server). */
export function currentPathname(): string {
  return globalThis.location?.pathname ?? '';
}

/** The query parameters of the current page (empty on the server). */
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(globalThis.location?.search ?? '');
}

/** Goes to `url`; `replace` drops the current history entry (the spec's "replacing history"). */
export function navigate(url: string, { replace = false }: { replace?: boolean } = {}): void {
  const loc = globalThis.location;
  if (!loc) return;
  if (replace) loc.replace(url);
  else loc.assign(url);
}

/** Cryptographically random hex string (OAuth state). */
export function randomToken(bytes = 16): string {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}
