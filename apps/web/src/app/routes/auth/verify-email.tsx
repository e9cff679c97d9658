import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/routes/use-page-title';
import { AuthFooterLink } from '@/features/auth/components/auth-footer-link';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { IncompleteLink } from '@/features/auth/components/incomplete-link';
import { VerifyEmail } from '@/features/auth/components/verify-email';

export function VerifyEmailRoute() {
  usePageTitle();
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout
      title="Confirm your email address"
      subtitle="A confirmed address keeps your account yours."
      footer={<AuthFooterLink to="/dashboard">Go to your dashboard</AuthFooterLink>}
    >
      {token ? <VerifyEmail token={token} /> : <IncompleteLink />}
    </AuthLayout>
  );
}
