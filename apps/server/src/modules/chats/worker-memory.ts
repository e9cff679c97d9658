/**
 * A full garbage collection in a parse worker (parse-pool.ts), at the points where a large upload or
 * save has just left most of its memory behind: the inflated chat text bytes once decoded, and a whole
 * task's text, messages and JSON once its answer is encoded. V8 would collect them later, lazily, so the
 * next step or task allocated on top of them; collected at once, the worker's peak is one task's live
 * data (docs/architecture.md, "CPU-heavy request work off the event loop"). Outside a worker (tests of the services) it does nothing.
 */
let collect: (() => void) | null = null;

/** Installed by parse-worker.boot.mjs only. */
export function installCollector(gc: () => void): void {
  collect = gc;
}

export function releaseGarbage(): void {
  collect?.();
}
