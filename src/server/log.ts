/**
 * Structured JSON logs, one object per line, on stdout (warnings and errors on stderr). The one logger of
 * the process: the app imports it, and the server's request path (`http/node-server.ts`) logs through it.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = 'info';

export function setLogLevel(level: Level): void {
  threshold = level;
}

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, (_k, v: unknown) =>
    v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
  );
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[threshold]) return;
  write(level, msg, fields);
}

/**
 * A line of the process's life (`listening`, `shutting down`, `stopped`), at info but printed whatever
 * LOG_LEVEL says: supervisors and the tests (which run at `warn`) wait for them.
 */
export function logLifecycle(msg: string, fields: Record<string, unknown> = {}): void {
  write('info', msg, fields);
}
