import { Outlet } from 'react-router';
import { AuthUserProvider, useAuth } from '@/shared/account/auth-context';
import { FullPageSpinner } from '@/shared/ui/spinner';
import { useSessionCheck } from './use-session-check';

/**
 * The screens open to visitors too (/messages, /analysis): a visitor sees them at once; someone signed in
 * gets the same session check as the protected screens, so their user (role, bell, sidebar links) is the
 * same on these screens as on every other. A failed check shows the screen as to a visitor.
 */
export function SignedInUserRoute() {
  const { isSignedIn } = useAuth();
  const check = useSessionCheck(isSignedIn);
  if (isSignedIn && check.status === 'checking') return <FullPageSpinner label="Checking your session" />;
  return (
    <AuthUserProvider user={isSignedIn && check.status === 'allowed' ? check.user : null}>
      <Outlet />
    </AuthUserProvider>
  );
}
