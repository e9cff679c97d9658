import { BufferJSON, initAuthCreds, proto, type SignalDataTypeMap } from 'baileys';
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

  return {
    state: {
      creds,
      keys: {
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
      },
    },
    saveCreds() {
      // Serialised now, not when the queue gets to it: the write stores the creds as they are at this call.
      const value = JSON.stringify(creds, BufferJSON.replacer);
      return enqueue(() => repo.write(sessionId, [{ ...CREDS, value }]));
    },
    clear: () => enqueue(() => repo.clear(sessionId)),
  };
}
