import type { WarnLog } from './import.service';

/** A clean-up that runs shortly after start-up and then every interval. */
export interface PeriodicSweep {
  /** One sweep now (joined to the one under way, if any): answers how many things it removed. */
  sweep(): Promise<number>;
  stop(): void;
  /** Resolves when a sweep under way has finished (at once when none is). */
  sweepDone(): Promise<void>;
}

/**
 * Runs `sweepOnce` 5 s after start-up (or sooner with a shorter interval) and then every `intervalMs`,
 * never two at once in this process; a failed sweep is logged and tried again at the next tick.
 */
export function startPeriodicSweep(
  sweepOnce: () => Promise<number>,
  { intervalMs, log, what }: { intervalMs: number; log: WarnLog; what: string },
): PeriodicSweep {
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () =>
    sweep().catch((error: unknown) => log.warn({ err: error }, `${what} failed; retrying later`));
  const first = setTimeout(tick, Math.min(intervalMs, 5_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    sweep,
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
    async sweepDone() {
      await running?.catch(() => 0);
    },
  };
}
