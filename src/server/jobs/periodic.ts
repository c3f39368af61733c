/**
 * Work the server repeats on a timer (the scheduled cleanup, the notification schedule, the outbox):
 * a first pass after a delay, then one every interval, on unref'd timers (they never keep the process
 * alive); a pass still running when the next is due is not doubled; stop waits for the one in progress.
 */
import { log } from '#server/log';

export interface LifecycleHooks {
  onStart(hook: () => Promise<void>): void;
  onStop(hook: () => Promise<void>): void;
}

export interface Periodic {
  /** Said in the error line when a pass fails (`<what> failed`). */
  what: string;
  firstMs: number;
  everyMs: number;
  pass: () => Promise<void>;
  /** Run once at start, before the timers are set (the cleanup's sweep of temporary files). */
  atStart?: () => Promise<void>;
}

export function runPeriodically(hooks: LifecycleHooks, job: Periodic): void {
  let first: NodeJS.Timeout | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = (async () => {
      try {
        await job.pass();
      } catch (err) {
        log('error', `${job.what} failed`, { err });
      } finally {
        running = null;
      }
    })();
  };
  hooks.onStart(async () => {
    await job.atStart?.();
    first = setTimeout(tick, job.firstMs);
    first.unref();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  hooks.onStop(async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
    await running;
  });
}
