import { Link, useLocation } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

const backToSignIn = (
  <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
    Back to sign in
  </Link>
);

export function ForgotPasswordRoute() {
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
