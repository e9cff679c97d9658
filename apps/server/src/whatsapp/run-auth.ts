import type { SessionAuth } from './driver';

/**
 * A run's auth state: loaded at its first connection attempt (again only if that load failed), closed
 * when the run ends so it finishes its writes and lets go of its caches.
 */
export class RunAuth {
  private loaded: Promise<SessionAuth> | null = null;
  private readonly load: () => Promise<SessionAuth>;
  private readonly onError: (error: unknown, context: string) => void;

  constructor(load: () => Promise<SessionAuth>, onError: (error: unknown, context: string) => void) {
    this.load = load;
    this.onError = onError;
  }

  /** The run's auth, loading it when no load is held. */
  get(): Promise<SessionAuth> {
    if (!this.loaded) {
      const loading = this.load();
      this.loaded = loading;
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = null;
      });
    }
    return this.loaded;
  }

  /** Hands over the held load (or null) and holds nothing any more: the caller releases it. */
  take(): Promise<SessionAuth> | null {
    const held = this.loaded;
    this.loaded = null;
    return held;
  }

  /** The run is over: its auth finishes its writes and lets go of its caches. */
  release(loaded: Promise<SessionAuth> | null): Promise<void> {
    if (!loaded) return Promise.resolve();
    return loaded.then(
      (a) => a.close().catch((error) => this.onError(error, 'auth close')),
      () => {},
    );
  }
}
