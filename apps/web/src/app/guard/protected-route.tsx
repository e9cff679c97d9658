import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { LoginLocationState } from '@/app/routes/auth/login';
import { AuthUserProvider, useAuth } from '@/shared/account/auth-context';
import { FullPageSpinner } from '@/shared/ui/spinner';
import { useSessionCheck } from './use-session-check';

/** Protected screens render only after GET /users/authcheck/ succeeds (`useSessionCheck`). */
export function ProtectedRoute() {
  const { isSignedIn } = useAuth();
  // Read once: a logout clears the tokens before it leaves for '/', and must not bounce via /login.
  const [hasToken] = useState(isSignedIn);
  const check = useSessionCheck(hasToken);

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
