/**
 * At most `max` jobs at once; waiting jobs take turns by queue (round robin), so one queue's many jobs
 * never wait in front of another queue's one. The pipeline keys queues by uploading member.
 */
export type QueueKey = string | number;

export function createTurns(max: number): <T>(queue: QueueKey, fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting = new Map<QueueKey, (() => void)[]>();

  const startNext = (): void => {
    for (const [key, jobs] of waiting) {
      const start = jobs.shift();
      waiting.delete(key);
      if (jobs.length > 0) waiting.set(key, jobs); // to the back of the turn
      start?.();
      return;
    }
  };

  return async (queue, fn) => {
    if (running >= max) {
      await new Promise<void>((resolve) => {
        const jobs = waiting.get(queue);
        if (jobs) jobs.push(resolve);
        else waiting.set(queue, [resolve]);
      });
    } else {
      running++;
    }
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next job, or is freed.
      if (waiting.size > 0) startNext();
      else running--;
    }
  };
}
