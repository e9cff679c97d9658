import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/routes/use-page-title';
import { AuthFooterLink } from '@/features/auth/components/auth-footer-link';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { URL_TOKEN_INVALID, UrlTokenSignIn } from '@/features/auth/components/url-token-sign-in';
import { useAuth } from '@/shared/account/auth-context';
import { FullPageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';

/** Set by the guard when a stored session could not be checked, so this page does not bounce back. */
export interface LoginLocationState {
  sessionCheckFailed?: boolean;
}

export function LoginRoute() {
  usePageTitle();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useLocation().state as LoginLocationState | null;
  const urlToken = searchParams.get('token');
  const [linkRefused, setLinkRefused] = useState(false);
  const auth = useAuth();
  const alreadySignedIn = !urlToken && !state?.sessionCheckFailed && auth.isSignedIn;

  useEffect(() => {
    if (alreadySignedIn) navigate('/dashboard', { replace: true });
  }, [alreadySignedIn, navigate]);

  const continueWithLink = () => {
    if (!urlToken) return;
    auth.signInWithAccessToken(urlToken);
    toast.success('Logged in via URL token!', { toastId: 'url-token' });
    navigate('/dashboard', { replace: true });
  };
  const declineLink = useCallback(
    (reason: 'invalid' | 'declined') => {
      setLinkRefused(reason === 'invalid');
      setSearchParams({}, { replace: true });
    },
    [setSearchParams],
  );

  if (alreadySignedIn) return <FullPageSpinner label="Signing you in" />;

  const footer = (
    <>
      Don't have an account? <AuthFooterLink to="/register">Create an account</AuthFooterLink>
    </>
  );
  if (urlToken)
    return (
      <AuthLayout title="Sign in with a link" subtitle="Check whose account this link opens." footer={footer}>
        <UrlTokenSignIn token={urlToken} onContinue={continueWithLink} onDecline={declineLink} />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle="Welcome back! Enter your details to continue."
      footer={footer}
    >
      {linkRefused ? (
        <p
          role="alert"
          className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {URL_TOKEN_INVALID}
        </p>
      ) : null}
      <LoginForm />
    </AuthLayout>
  );
}
