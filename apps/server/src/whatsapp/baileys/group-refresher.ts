import type { GroupMetadata } from 'baileys';

/**
 * Fetches the metadata of groups named by partial updates: gathered for `delayMs`, then one query at a
 * time, each group once per round however often it was named.
 */
export function createGroupRefresher(options: {
  delayMs: number;
  fetch(jid: string): Promise<GroupMetadata>;
  found(metadata: GroupMetadata): void;
  failed(jid: string, error: unknown): void;
}) {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = false;

  async function drain(): Promise<void> {
    timer = null;
    running = true;
    while (!stopped && pending.size > 0) {
      const jid = pending.values().next().value as string;
      pending.delete(jid);
      try {
        const metadata = await options.fetch(jid);
        if (!stopped) options.found(metadata);
      } catch (error) {
        options.failed(jid, error);
      }
    }
    running = false;
  }

  return {
    refresh(jids: string[]) {
      if (stopped) return;
      for (const jid of jids) pending.add(jid);
      if (pending.size > 0 && !timer && !running) {
        timer = setTimeout(() => void drain(), options.delayMs);
        timer.unref();
      }
    },
    stop() {
      stopped = true;
      pending.clear();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
