import { useLocation } from 'react-router';
import { usePageTitle } from '@/app/routes/use-page-title';
import { AuthFooterLink } from '@/features/auth/components/auth-footer-link';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

/** `username` holds the email kept when sign-in found no account for it. */
export interface RegisterLocationState {
  username?: string;
}

export function RegisterRoute() {
  usePageTitle();
  const state = useLocation().state as RegisterLocationState | null;
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start for free: manage, track and analyse all your chats in one place."
      footer={
        <>
          Already have an account? <AuthFooterLink to="/login">Sign in</AuthFooterLink>
        </>
      }
    >
      <RegisterForm initialEmail={typeof state?.username === 'string' ? state.username : ''} />
    </AuthLayout>
  );
}
