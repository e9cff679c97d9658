import { sessionIdStorage } from '@/shared/storage/storage';

// The current session id (client state the dashboard starts from). Local storage (`sessionID`) is the one
// place it lives, so a logout that clears storage clears it too.

export function getCurrentSessionId(): string | null {
  return sessionIdStorage.get();
}

export function setCurrentSessionId(sessionId: string | null): void {
  if (sessionId) sessionIdStorage.set(sessionId);
  else sessionIdStorage.clear();
}
