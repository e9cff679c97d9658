import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { tokenStorage } from '../../../shared/storage/storage';
import { FullPageSpinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';

/** Set by the guard when a stored session could not be checked, so this page does not bounce back. */
export interface LoginLocationState {
  sessionCheckFailed?: boolean;
}

export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = useLocation().state as LoginLocationState | null;
  const urlToken = searchParams.get('token');
  const alreadySignedIn = !urlToken && !state?.sessionCheckFailed && tokenStorage.getAccessToken() !== null;

  useEffect(() => {
    if (urlToken) {
      tokenStorage.setAccessToken(urlToken);
      toast.success('Logged in via URL token!', { toastId: 'url-token' });
      navigate('/dashboard', { replace: true });
    } else if (alreadySignedIn) {
      navigate('/dashboard', { replace: true });
    }
  }, [urlToken, alreadySignedIn, navigate]);

  if (urlToken || alreadySignedIn) return <FullPageSpinner label="Signing you in" />;

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle="Welcome back! Enter your details to continue."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
