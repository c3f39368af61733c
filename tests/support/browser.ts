/**
 * Browser stand-ins for unit tests of the session code: Web Storage in memory, a location whose
 * navigation is recorded, and a scripted fetch.
 */
import { vi } from 'vitest';

export class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length(): number {
    return this.data.size;
  }
  clear(): void {
    this.data.clear();
  }
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
  setItem(key: string, value: string): void {
    this.data.set(key, String(value));
  }
}

export interface FakeLocation {
  pathname: string;
  search: string;
  assign: ReturnType<typeof vi.fn<(url: string) => void>>;
  replace: ReturnType<typeof vi.fn<(url: string) => void>>;
}

export interface FakeBrowser {
  local: MemoryStorage;
  session: MemoryStorage;
  location: FakeLocation;
}

/** Installs storage and location globals; undo with `vi.unstubAllGlobals()`. */
export function installBrowser(path = '/somewhere', search = ''): FakeBrowser {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const location: FakeLocation = { pathname: path, search, assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('location', location);
  return { local, session, location };
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that answers with `responder` and records every call. */
export function installFetch(responder: Responder): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => {
        headers[k] = v;
      });
      const body = init.body === undefined || init.body === null ? null : String(init.body);
      const call: RecordedCall = { url: String(input), method: init.method ?? 'GET', headers, body };
      calls.push(call);
      return responder(call);
    }),
  );
  return calls;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An unsigned JWT-shaped token with the given `exp` (seconds); only the client reads it. */
export function fakeJwt(exp: number, sub = '1'): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp, type: 'ACCESS' })}.signature`;
}
