import { read, removeKeysStartingWith, write } from './storage';

// The dashboard's getting-started checklist, hidden by a member in this browser. The key names the member
// (`gettingStartedHidden:<user id>`): hiding it hides it for them only, and signing out removes every such
// key (shared/account/auth-context.tsx), like the reply drafts.

const PREFIX = 'gettingStartedHidden:';

export const gettingStartedHidden = {
  get: (userId: number): boolean => read(`${PREFIX}${userId}`) === '1',
  /** Not remembered when storage refuses: the checklist comes back on the next visit. */
  set: (userId: number): void => write(`${PREFIX}${userId}`, '1'),
  /** Every member's (sign-out: the next person here starts from their own choice). */
  clearAll: (): void => removeKeysStartingWith(PREFIX),
};
