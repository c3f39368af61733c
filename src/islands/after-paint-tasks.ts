import { useEffect } from 'react';

/**
 * Runs each named task of `table` once, after the island hydrates (`client:painted`: after the largest
 * paint). The tasks are the page's: fixed for its life.
 */
export function useAfterPaintTasks<K extends string>(table: Record<K, () => void>, tasks: readonly K[]): void {
  useEffect(() => {
    for (const task of new Set(tasks)) table[task]();
  }, []);
}
