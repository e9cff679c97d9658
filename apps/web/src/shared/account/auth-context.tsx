import { useQueryClient } from '@tanstack/react-query';
import type { AuthUser, TokenPair } from '@wadesk/contract';
import {
  createContext,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { closeEventStream } from '@/shared/events/shared-stream';
import { setDisplayTimeZone } from '@/shared/format/time-zone';
import { gettingStartedHidden } from '@/shared/storage/getting-started';
import { replyDrafts } from '@/shared/storage/reply-drafts';
import { activeSessionsStorage, sessionIdStorage, tokenStorage } from '@/shared/storage/storage';

export interface AuthValue {
  /** True while an access token is stored (the guard still checks it with the server). */
  isSignedIn: boolean;
  /** The signed-in user as the guard's session check returned it; null outside protected screens. */
  user: AuthUser | null;
  /** Keeps both tokens after a sign-in. */
  signIn(tokens: TokenPair): void;
  /** Keeps an access token from a sign-in link (no refresh token comes with it). */
  signInWithAccessToken(token: string): void;
  /** The refresh token, for the logout call that revokes it. */
  refreshToken(): string | null;
  /**
   * Forgets the session in this browser: tokens, the current and active sessions, the event stream, the
   * unsent reply drafts, the hidden getting-started checklists.
   */
  signOut(): void;
}

const AuthContext = createContext<Omit<AuthValue, 'user'> | null>(null);
const AuthUserContext = createContext<AuthUser | null>(null);
const ReplaceAuthUserContext = createContext<(user: AuthUser) => void>(() => undefined);

const signedInNow = () => tokenStorage.getAccessToken() !== null;

/**
 * The one place components learn whether someone is signed in. The API client keeps reading the
 * token storage for its requests (and clears it when a session cannot be renewed); this provider
 * follows those changes, and clears every cached server answer and every per-member key (unsent reply
 * drafts, a hidden getting-started checklist) once the session ends (however it ends: the Logout button,
 * or a session that could not be renewed), so the next person at this browser never sees the last one's
 * data.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const isSignedIn = useSyncExternalStore(tokenStorage.subscribe, signedInNow, () => false);

  // Drafts are cleared here, not only by the Logout button: the next person at this browser must not find
  // them, and a Logout clears them before its navigation, which would otherwise ask about them.
  const forgetMemberData = useCallback(() => {
    replyDrafts.clearAll();
    gettingStartedHidden.clearAll();
    queryClient.clear();
  }, [queryClient]);

  const wasSignedIn = useRef(isSignedIn);
  useEffect(() => {
    if (wasSignedIn.current && !isSignedIn) forgetMemberData();
    wasSignedIn.current = isSignedIn;
  }, [isSignedIn, forgetMemberData]);

  const value = useMemo<Omit<AuthValue, 'user'>>(
    () => ({
      isSignedIn,
      signIn: (tokens) => tokenStorage.setTokens(tokens),
      signInWithAccessToken: (token) => tokenStorage.setAccessToken(token),
      refreshToken: () => tokenStorage.getRefreshToken(),
      signOut() {
        tokenStorage.clear();
        closeEventStream();
        sessionIdStorage.clear();
        activeSessionsStorage.clear();
        setDisplayTimeZone(null);
        forgetMemberData();
      },
    }),
    [isSignedIn, forgetMemberData],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Provides the user the guard's session check returned to the protected screens below it, or the user a
 * screen saved since (`useReplaceAuthUser`: a changed name or time zone shows at once) until the guard
 * checks the session again. Times are shown in the user's time zone (shared/format/time-zone.ts).
 */
export function AuthUserProvider({ user, children }: { user: AuthUser | null; children: ReactNode }) {
  const [saved, setSaved] = useState<{ over: AuthUser | null; user: AuthUser } | null>(null);
  const current = saved && saved.over === user ? saved.user : user;
  const replace = useCallback((next: AuthUser) => setSaved({ over: user, user: next }), [user]);
  const zone = current?.time_zone ?? null;
  // Set while rendering, so the screens below format their first times in it; the key draws them all
  // again when the member chooses another zone (plain functions cannot subscribe to a change).
  setDisplayTimeZone(zone);
  return (
    <AuthUserContext.Provider value={current}>
      <ReplaceAuthUserContext.Provider value={replace}>
        <Fragment key={zone ?? ''}>{children}</Fragment>
      </ReplaceAuthUserContext.Provider>
    </AuthUserContext.Provider>
  );
}

/** Shows `user` (as the server answered a change of the account) instead of the signed-in user so far. */
export function useReplaceAuthUser(): (user: AuthUser) => void {
  return useContext(ReplaceAuthUserContext);
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  const user = useContext(AuthUserContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return { ...value, user };
}
