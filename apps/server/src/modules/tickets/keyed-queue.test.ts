import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyed queue', () => {
  it('runs one key in order and different keys side by side', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      return name;
    };
    const results = Promise.all([
      queue.run('a', task('a1', 30)),
      queue.run('a', task('a2', 1)),
      queue.run('b', task('b1', 1)),
    ]);
    expect(await results).toEqual(['a1', 'a2', 'b1']);
    // b1 ran while a1 was still busy; a2 waited for a1.
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
  });

  it('keeps going after a failed task and forgets idle keys', async () => {
    const queue = createKeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
    await queue.settled();
    expect(queue.pending()).toBe(0);
  });

  it('settles only after tasks queued while it waits', async () => {
    const queue = createKeyedQueue();
    let done = false;
    void queue.run('a', async () => {
      await tick(5);
      void queue.run('b', async () => {
        await tick(5);
        done = true;
      });
    });
    await queue.settled();
    expect(done).toBe(true);
  });
});
