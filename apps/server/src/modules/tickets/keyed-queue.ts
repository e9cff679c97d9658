/**
 * Runs tasks one at a time per key and concurrently across keys. The ticket engine keys by group, so one
 * group's messages are applied in arrival order while other groups proceed in parallel.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();

  return {
    /** Resolves or rejects with the task's own result; a failed task does not stop the ones after it. */
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      // Tails never reject, so the task always runs after the previous one, whatever became of it.
      const result = (tails.get(key) ?? Promise.resolve()).then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // Forget idle keys, or one entry per group ever seen would stay in memory.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },

    /** Resolves once every task queued so far (and any queued while waiting) has finished. */
    async settled(): Promise<void> {
      while (tails.size > 0) await Promise.all(tails.values());
    },

    pending: (): number => tails.size,
  };
}
