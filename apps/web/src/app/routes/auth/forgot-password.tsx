import { useLocation } from 'react-router';
import { usePageTitle } from '@/app/routes/use-page-title';
import { AuthFooterLink } from '@/features/auth/components/auth-footer-link';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

const backToSignIn = <AuthFooterLink to="/login">Back to sign in</AuthFooterLink>;

export function ForgotPasswordRoute() {
  usePageTitle();
  const state = useLocation().state as { email?: unknown } | null;
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to set a new one."
      footer={backToSignIn}
    >
      <ForgotPasswordForm initialEmail={typeof state?.email === 'string' ? state.email : ''} />
    </AuthLayout>
  );
}
