import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { IncompleteLink } from '../../../features/auth/components/incomplete-link';
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
      {token ? <VerifyEmail token={token} /> : <IncompleteLink />}
    </AuthLayout>
  );
}
