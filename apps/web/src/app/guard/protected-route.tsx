import type { AuthUser } from '@wadesk/contract';
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { LoginLocationState } from '@/app/routes/auth/login';
import { fetchAuthUser } from '@/features/auth/api/auth-api';
import { AuthUserProvider, useAuth } from '@/shared/account/auth-context';
import { useEventStream } from '@/shared/events/use-event-stream';
import { FullPageSpinner } from '@/shared/ui/spinner';

type Check = { status: 'checking' } | { status: 'allowed'; user: AuthUser } | { status: 'denied' };

/**
 * Protected screens render only after GET /users/authcheck/ succeeds. The API client refreshes a
 * 401 once and retries; when that fails it has already removed both tokens.
 */
export function ProtectedRoute() {
  const { isSignedIn } = useAuth();
  // Read once: a logout clears the tokens before it leaves for '/', and must not bounce via /login.
  const [hasToken] = useState(isSignedIn);
  const [check, setCheck] = useState<Check>({ status: 'checking' });

  useEffect(() => {
    if (!hasToken) return;
    const controller = new AbortController();
    fetchAuthUser(controller.signal).then(
      (user) => setCheck({ status: 'allowed', user }),
      () => {
        if (!controller.signal.aborted) setCheck({ status: 'denied' });
      },
    );
    return () => controller.abort();
  }, [hasToken]);

  // A role change (by another owner, or one's own demotion) shows at once: the screens follow the new role.
  useEventStream((event) => {
    if (event.type !== 'members.updated') return;
    fetchAuthUser().then(
      (user) => setCheck({ status: 'allowed', user }),
      () => undefined, // a removed member's next call ends their sign-in (api-client)
    );
  }, check.status === 'allowed');

  if (!hasToken) return <Navigate to="/login" replace />;
  if (check.status === 'denied') {
    // Tokens may still be stored (e.g. the server was unreachable): tell /login not to bounce back here.
    const state: LoginLocationState = { sessionCheckFailed: true };
    return <Navigate to="/login" replace state={state} />;
  }
  if (check.status === 'checking') return <FullPageSpinner label="Checking your session" />;
  return (
    <AuthUserProvider user={check.user}>
      <Outlet />
    </AuthUserProvider>
  );
}
