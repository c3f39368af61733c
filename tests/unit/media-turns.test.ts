import { describe, expect, it } from 'vitest';
import { createTurns } from '#server/media/turns';

describe('createTurns', () => {
  it('runs at most max jobs at once, and waiting jobs take turns by queue', async () => {
    const run = createTurns(1);
    const order: string[] = [];
    let active = 0;
    let peak = 0;
    const job = (name: string) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      order.push(name);
      active--;
    };
    // Member 1 queues five images, then member 2 one, then member 1 another.
    const jobs = [1, 2, 3, 4, 5].map((n) => run(1, job(`a${n}`)));
    jobs.push(run(2, job('b1')));
    jobs.push(run(1, job('a6')));
    await Promise.all(jobs);
    expect(peak).toBe(1);
    // b1 waits for one of a's images, not all five.
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5', 'a6']);
  });

  it('passes a failed job’s slot on', async () => {
    const run = createTurns(1);
    const failed = run('x', () => Promise.reject(new Error('boom')));
    const next = run('y', () => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});
