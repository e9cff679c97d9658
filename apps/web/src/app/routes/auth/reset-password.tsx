import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/routes/use-page-title';
import { AuthFooterLink } from '@/features/auth/components/auth-footer-link';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { IncompleteLink } from '@/features/auth/components/incomplete-link';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  usePageTitle();
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={<AuthFooterLink to="/login">Back to sign in</AuthFooterLink>}
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <IncompleteLink>
          , or{' '}
          <Link to="/forgot-password" className="font-semibold underline">
            ask for a new one
          </Link>
        </IncompleteLink>
      )}
    </AuthLayout>
  );
}
