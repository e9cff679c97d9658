import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { VerifyEmail } from '../../../features/auth/components/verify-email';

export function VerifyEmailRoute() {
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout
      title="Confirm your email address"
      subtitle="A confirmed address keeps your account yours."
      footer={
        <Link to="/dashboard" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Go to your dashboard
        </Link>
      }
    >
      {token ? (
        <VerifyEmail token={token} />
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          This link is incomplete. Open the link from the email again.
        </p>
      )}
    </AuthLayout>
  );
}
