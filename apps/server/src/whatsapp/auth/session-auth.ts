import {
  BufferJSON,
  type CacheStore,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys';
import type { SessionAuth } from '../driver';

const CREDS = { type: 'creds', keyId: '' } as const;

/** One stored auth value; `value: null` deletes it. */
export interface AuthRow {
  type: string;
  keyId: string;
  value: string | null;
}

/** Where a session's auth rows live (the sessions module keeps them in the database). */
export interface AuthStore {
  read(sessionId: string, type: string, keyIds: string[]): Promise<Map<string, string>>;
  /** Applies upserts and deletes together, or none of them. */
  write(sessionId: string, rows: AuthRow[]): Promise<void>;
  clear(sessionId: string): Promise<void>;
}

/**
 * A session's Baileys auth state backed by the database (wa_auth), in place of useMultiFileAuthState:
 * creds and every Signal key are written through as they change (the README warns that a lost key update
 * breaks message delivery), so a restarted server, or another machine, resumes without a new scan.
 * Writes of one session are queued, so an older creds snapshot never overwrites a newer one.
 *
 * Loaded once per session run and shared by all its connection attempts (decision 0015 §9): keys read
 * through Baileys' cache (one per run, no timers), and an old socket's writes finish before a new socket
 * reads. `close()` waits for the queued writes and drops the cache.
 */
export async function loadSessionAuth(repo: AuthStore, sessionId: string): Promise<SessionAuth> {
  const stored = (await repo.read(sessionId, CREDS.type, [CREDS.keyId])).get(CREDS.keyId);
  const creds = stored ? JSON.parse(stored, BufferJSON.reviver) : initAuthCreds();

  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (task: () => Promise<void>): Promise<void> => {
    const next = queue.then(task);
    queue = next.catch(() => {}); // one failed write must not block the writes after it
    return next;
  };

  const database: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      await queue; // read your own writes
      const values = await repo.read(sessionId, type, ids);
      const result: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, text] of values) {
        const value = JSON.parse(text, BufferJSON.reviver);
        result[id] =
          type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value) : value;
      }
      return result;
    },
    set(data) {
      const rows: AuthRow[] = [];
      for (const [type, entries] of Object.entries(data)) {
        for (const [keyId, value] of Object.entries(entries ?? {})) {
          rows.push({ type, keyId, value: value ? JSON.stringify(value, BufferJSON.replacer) : null });
        }
      }
      return rows.length > 0 ? enqueue(() => repo.write(sessionId, rows)) : Promise.resolve();
    },
  };
  const cache = createKeyCache();

  return {
    state: { creds, keys: makeCacheableSignalKeyStore(database, undefined, cache) },
    saveCreds() {
      // Serialised now, not when the queue gets to it: the write stores the creds as they are at this call.
      const value = JSON.stringify(creds, BufferJSON.replacer);
      return enqueue(() => repo.write(sessionId, [{ ...CREDS, value }]));
    },
    clear: async () => {
      cache.flushAll();
      await enqueue(() => repo.clear(sessionId));
    },
    async close() {
      await queue;
      cache.flushAll();
    },
  };
}

const KEY_CACHE_TTL_MS = 5 * 60_000; // Baileys' own DEFAULT_CACHE_TTLS.SIGNAL_STORE
const KEY_CACHE_ENTRIES = 5_000;

/**
 * The cache makeCacheableSignalKeyStore reads through: expiry checked on read and a size bound instead of
 * NodeCache's interval timer, so a session's cache holds no timer at all and dies with its SessionAuth.
 */
function createKeyCache(): CacheStore {
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    get<T>(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    set<T>(key: string, value: T) {
      entries.delete(key);
      // A deleted key is forgotten, not cached as null: a read then answers without it, as the store does.
      if (value === null || value === undefined) return;
      entries.set(key, { value, expires: Date.now() + KEY_CACHE_TTL_MS });
      if (entries.size > KEY_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
    del(key: string) {
      entries.delete(key);
    },
    flushAll() {
      entries.clear();
    },
  };
}
