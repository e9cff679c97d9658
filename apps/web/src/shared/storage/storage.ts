import type { TokenPair } from '@wadesk/contract';

/** The local storage keys the product uses; other tools and tests rely on these exact names. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  sessionId: 'sessionID',
  activeSessions: 'activeSessions',
} as const;

// Storage can throw (private mode, quota, disabled cookies): the app then behaves as signed out.
export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // nothing sensible to do: the value simply is not remembered
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see write()
  }
}

/** Removes every key that starts with `prefix` (a member's keys, at sign-out). */
export function removeKeysStartingWith(prefix: string): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // see write()
  }
}

const tokenListeners = new Set<() => void>();
const tokensChanged = () => {
  for (const listener of tokenListeners) listener();
};

/**
 * The token pair. Only the API client and the auth context (shared/auth) use it; components read the
 * signed-in state through useAuth().
 */
export const tokenStorage = {
  getAccessToken: (): string | null => read(STORAGE_KEYS.accessToken) || null,
  getRefreshToken: (): string | null => read(STORAGE_KEYS.refreshToken) || null,
  setAccessToken(token: string): void {
    write(STORAGE_KEYS.accessToken, token);
    tokensChanged();
  },
  setTokens(tokens: TokenPair): void {
    write(STORAGE_KEYS.accessToken, tokens.access_token);
    write(STORAGE_KEYS.refreshToken, tokens.refresh_token);
    tokensChanged();
  },
  clear(): void {
    remove(STORAGE_KEYS.accessToken);
    remove(STORAGE_KEYS.refreshToken);
    tokensChanged();
  },
  /** Calls `listener` whenever the tokens change, here or in another tab. */
  subscribe(listener: () => void): () => void {
    tokenListeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.accessToken) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      tokenListeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export const sessionIdStorage = {
  get: (): string | null => read(STORAGE_KEYS.sessionId) || null,
  set: (sessionId: string): void => write(STORAGE_KEYS.sessionId, sessionId),
  clear: (): void => remove(STORAGE_KEYS.sessionId),
};

export interface ActiveSession {
  id: number | string;
  session_name: string;
  sessionId: string;
}

// Checked by hand rather than with zod: the auth context reads this store on every page, and the landing
// page must not load zod for it (see `npm run bench -- web-bundle`).
function isActiveSession(value: unknown): value is ActiveSession {
  if (typeof value !== 'object' || value === null) return false;
  const { id, session_name, sessionId } = value as Record<string, unknown>;
  return (
    (typeof id === 'number' || typeof id === 'string') &&
    typeof session_name === 'string' &&
    typeof sessionId === 'string'
  );
}

export const activeSessionsStorage = {
  get(): ActiveSession[] {
    const raw = read(STORAGE_KEYS.activeSessions);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!Array.isArray(parsed) || !parsed.every(isActiveSession)) return [];
      return parsed.map(({ id, session_name, sessionId }) => ({ id, session_name, sessionId }));
    } catch {
      return [];
    }
  },
  set: (sessions: ActiveSession[]): void => write(STORAGE_KEYS.activeSessions, JSON.stringify(sessions)),
  clear: (): void => remove(STORAGE_KEYS.activeSessions),
};
