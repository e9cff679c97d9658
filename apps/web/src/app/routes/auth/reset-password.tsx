import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
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
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          This link is incomplete. Open the link from the email again, or{' '}
          <Link to="/forgot-password" className="font-semibold underline">
            ask for a new one
          </Link>
          .
        </p>
      )}
    </AuthLayout>
  );
}
