import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { IncompleteLink } from '../../../features/auth/components/incomplete-link';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={
        <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Back to sign in
        </Link>
      }
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
