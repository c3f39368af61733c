/**
 * The embedded database on a thread of its own (decision 008, round 12).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: every statement runs synchronously on the thread that
 * holds it. On the main thread that was 0.4 ms of each uncached list page's 2.7 ms (the thread every
 * render, compression and socket write also needs), and a statement of seconds (a cold count at 100k
 * events) stopped every other answer, `/healthz` included. Here PGlite runs in a worker thread and the
 * server talks to it with messages, as it talks to a PostgreSQL server over a socket: the main thread
 * renders while the database works on the other core.
 *
 * The worker holds the same in-process handle (`openPglite`: named statements, PGlite's own locks), so
 * every statement means and answers the same. Parameters and rows cross by structured clone (strings,
 * numbers, dates, arrays, JSON objects and bytes survive it). A transaction stays open in the worker
 * while its callback runs here; its statements carry its number, and PGlite's transaction lock keeps
 * every other statement waiting, as it did in one thread.
 *
 * The worker loads this module's own file (the built chunk, or the TypeScript source through tsx in
 * tests and `astro dev`) and, seeing its marker in `workerData`, serves instead of spawning.
 */
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { log } from '#server/log';
import { openPglite, within, type Db, type DbTimeouts, type SqlParam, type Transaction } from './client';

const MARK = 'damabwa.pglite-worker';

type Request =
  | { id: number; op: 'query'; sql: string; params: readonly SqlParam[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'ping' }
  | { id: number; op: 'close' };

/** An error as it crosses: its message and name, and the fields PostgreSQL sets (code, constraint, …). */
interface CrossedError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

/** A request before it is numbered. */
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type Reply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: CrossedError };

/** What the worker is started with: the database directory (PGlite takes no timeouts, see `openPglite`). */
interface Setup {
  dir: string;
}

function crossed(err: unknown): CrossedError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (v === undefined || typeof v === 'function' || (typeof v === 'object' && v !== null)) continue;
    fields[k] = v;
  }
  return { message: err.message, name: err.name, fields };
}

function revived(e: CrossedError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  if (e.name !== 'Error') err.name = e.name;
  return err;
}

/** Node hands typed arrays back as plain Uint8Array; the drivers send a Buffer as bytes. */
const asSent = (params: readonly SqlParam[]): SqlParam[] =>
  params.map((p) =>
    p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p,
  );

// ---------------------------------------------------------------------------------------------------
// The worker's side.

/** The rejection that ends a transaction with ROLLBACK because the main thread asked for it. */
const ROLLBACK = Symbol('rollback');

function serve(port: MessagePort, db: Db): void {
  let nextTx = 1;
  /** Open transactions: their handle and how to end them. */
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  /** Each transaction's end: null, or what it threw (ROLLBACK when asked for). */
  const ended = new Map<number, Promise<unknown>>();
  const send = (reply: Reply) => port.postMessage(reply);
  // A call that throws before its promise (an unknown transaction) is answered as a rejection.
  const answer = (id: number, work: () => Promise<unknown>) =>
    new Promise<unknown>((resolve) => resolve(work())).then(
      (value) => send({ id, ok: true, value }),
      (err: unknown) => send({ id, ok: false, error: crossed(err) }),
    );
  const handleOf = (tx: number | undefined) => {
    if (tx === undefined) return db;
    const t = open.get(tx);
    if (!t) throw Object.assign(new Error('transaction is not open'), { code: '25P01' });
    return t.tx;
  };

  const begin = (id: number) => {
    const tx = nextTx++;
    let begun = false;
    const done = db
      .transaction(async (handle) => {
        begun = true;
        const commit = await new Promise<boolean>((end) => {
          open.set(tx, { tx: handle, end });
          send({ id, ok: true, value: tx });
        });
        if (!commit) throw ROLLBACK;
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    ended.set(tx, done);
    // BEGIN itself failed: the callback never ran.
    void done.then((err) => {
      if (begun) return;
      ended.delete(tx);
      send({ id, ok: false, error: crossed(err) });
    });
  };

  const end = async (tx: number, commit: boolean) => {
    const t = open.get(tx);
    if (!t) return;
    open.delete(tx);
    t.end(commit);
    const err = await ended.get(tx);
    ended.delete(tx);
    if (err && err !== ROLLBACK) throw err;
  };

  port.on('message', (m: Request) => {
    switch (m.op) {
      case 'query':
        void answer(m.id, () => handleOf(m.tx).query(m.sql, asSent(m.params)));
        return;
      case 'exec':
        void answer(m.id, () => handleOf(m.tx).exec(m.sql));
        return;
      case 'begin':
        begin(m.id);
        return;
      case 'end':
        void answer(m.id, () => end(m.tx, m.commit));
        return;
      case 'ping':
        void answer(m.id, () => db.query('select 1'));
        return;
      case 'close':
        void answer(m.id, async () => {
          for (const tx of [...open.keys()]) await end(tx, false).catch(() => undefined);
          await db.close();
        }).then(() => port.close());
        return;
    }
  });
  send({ id: 0, ok: true });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK]) {
  const setup = (workerData as Record<string, Setup>)[MARK]!;
  const port = parentPort!;
  void openPglite(setup.dir).then(
    (db) => serve(port, db),
    (err: unknown) => port.postMessage({ id: 0, ok: false, error: crossed(err) } satisfies Reply),
  );
}

// ---------------------------------------------------------------------------------------------------
// The main thread's side.

/** The code a worker starts with: tsx first where this module is TypeScript, then this module. */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const { register, url } = workerData['${MARK}.boot'];
(async () => {
  if (register) (await import(register)).register();
  await import(url);
})().catch((err) => { setImmediate(() => { throw err; }); });
`;

/** A database call that could not reach the worker: the API answers it 503, as a lost connection. */
const lost = (why: string) => Object.assign(new Error(`embedded database unavailable: ${why}`), { code: '08006' });

export async function openPgliteWorker(dir: string, _timeouts?: DbTimeouts): Promise<Db> {
  const self = import.meta.url;
  const register = self.endsWith('.ts') ? import.meta.resolve('tsx/esm/api') : null;
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { [MARK]: { dir } satisfies Setup, [`${MARK}.boot`]: { register, url: self } },
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  /** Set once this side ends the worker (closed, or failed to open): its exit is then no failure to log. */
  let closing = false;

  // Like an in-process database, an idle worker does not keep the process alive; a call under way does.
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  const failAll = (err: Error) => {
    failure ??= err;
    for (const id of [...pending.keys()]) settle(id)?.reject(err);
  };

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (r: Reply) => {
    const p = settle(r.id);
    if (!p) return;
    if (r.ok) p.resolve(r.value);
    else p.reject(revived(r.error));
  });
  // The worker failed (PGlite aborted): every call from now on answers 503, `/healthz` too.
  const died = (err: Error) => {
    if (!closing && !failure) log('error', 'embedded database stopped', { error: err.message });
    failAll(err);
  };
  worker.on('error', (err) => died(Object.assign(lost(err.message), { cause: err })));
  worker.on('exit', (code) => died(lost(`worker exited (${code})`)));

  const call = <T>(req: Call): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        worker.postMessage({ ...req, id });
      } catch (err) {
        // A parameter that cannot cross (a function, a class with private state): this call fails alone.
        settle(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  };

  try {
    await ready;
  } catch (err) {
    closing = true;
    await worker.terminate();
    throw err;
  }

  const handle = (tx?: number) => ({
    query: <T>(sql: string, params: readonly SqlParam[] = []) =>
      call<T[]>(tx === undefined ? { op: 'query', sql, params } : { op: 'query', sql, params, tx }),
    exec: async (sql: string) => {
      await call(tx === undefined ? { op: 'exec', sql } : { op: 'exec', sql, tx });
    },
  });
  const main = handle();
  let closed: Promise<void> | null = null;

  return {
    kind: 'pglite',
    query: main.query,
    exec: main.exec,
    async ping(timeoutMs) {
      await within(timeoutMs, call({ op: 'ping' }));
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(handle(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    close() {
      closed ??= (async () => {
        closing = true;
        if (!failure) await call({ op: 'close' }).catch(() => undefined);
        failAll(lost('closed'));
        await worker.terminate();
      })();
      return closed;
    },
  };
}
