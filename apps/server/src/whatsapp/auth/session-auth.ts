import { BufferJSON, initAuthCreds, proto, type SignalDataTypeMap, type SignalKeyStore } from 'baileys';
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
 * through a cache (one per run, no timers) that takes a change only once the database has it, and an old
 * socket's writes finish before a new socket reads. `close()` waits for the queued writes and drops the
 * cache.
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
    state: { creds, keys: cachedKeys(database, cache) },
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

/**
 * Baileys' makeCacheableSignalKeyStore without its flaw: it puts a change in its cache before writing it
 * (Utils/auth-utils.js:57-67), so a write that still fails after the socket's retries (auth-utils.js:143-163)
 * leaves memory ahead of wa_auth, and a restart resumes from older Signal sessions than the contacts have
 * (Bad MAC, Baileys #2321; decision 0015 §9). Here the database is written first and the cache follows; a
 * failed write drops the keys it touched from the cache, so they are read again from the database, which
 * may or may not have taken it. Reads and writes take turns, as in Baileys (its cacheMutex), so a read that
 * missed the cache never caches a value older than a write that overtook it.
 */
function cachedKeys(store: SignalKeyStore, cache: KeyCache): SignalKeyStore {
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work);
    turn = next.catch(() => {});
    return next;
  };
  const idOf = (type: string, id: string) => `${type}.${id}`;
  return {
    get: <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) =>
      exclusive(async () => {
        const data: { [id: string]: SignalDataTypeMap[T] } = {};
        const missing: string[] = [];
        for (const id of ids) {
          const item = cache.get<SignalDataTypeMap[T]>(idOf(type, id));
          if (item !== undefined) data[id] = item;
          else missing.push(id);
        }
        if (missing.length > 0) {
          const fetched = await store.get(type, missing);
          for (const id of missing) {
            const item = fetched[id];
            if (!item) continue;
            data[id] = item;
            cache.set(idOf(type, id), item);
          }
        }
        return data;
      }),
    set: (data) =>
      exclusive(async () => {
        const changed = Object.entries(data).flatMap(([type, entries]) =>
          Object.entries(entries ?? {}).map(([id, value]) => [idOf(type, id), value] as const),
        );
        try {
          await store.set(data);
        } catch (error) {
          for (const [key] of changed) cache.del(key);
          throw error;
        }
        for (const [key, value] of changed) cache.set(key, value);
      }),
  };
}

const KEY_CACHE_TTL_MS = 5 * 60_000; // Baileys' own DEFAULT_CACHE_TTLS.SIGNAL_STORE
const KEY_CACHE_ENTRIES = 5_000;

interface KeyCache {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  del(key: string): void;
  flushAll(): void;
}

/**
 * The keys' cache: expiry checked on read and a size bound instead of NodeCache's interval timer, so a
 * session's cache holds no timer at all and dies with its SessionAuth.
 */
function createKeyCache(): KeyCache {
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
    set(key: string, value: unknown) {
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
