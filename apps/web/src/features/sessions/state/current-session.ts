import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, sessionIdStorage } from '../../../shared/storage/storage';

// The current session id (spec §3 client state, §4 dashboard), shared by every screen. Local storage
// (`sessionID`) is the one place it lives, so a logout that clears storage clears it too.
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function getCurrentSessionId(): string | null {
  return sessionIdStorage.get();
}

export function setCurrentSessionId(sessionId: string | null): void {
  const before = sessionIdStorage.get();
  if (sessionId) sessionIdStorage.set(sessionId);
  else sessionIdStorage.clear();
  if (before !== sessionId) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.sessionId) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrentSessionId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentSessionId, () => null);
}
