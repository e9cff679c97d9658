import type { AuthUser } from '@wadesk/contract';
import { createContext, useContext } from 'react';

/** The signed-in user as the session check returned it; null outside protected screens. */
export const AuthUserContext = createContext<AuthUser | null>(null);

export function useAuthUser(): AuthUser | null {
  return useContext(AuthUserContext);
}
