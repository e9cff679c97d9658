import { GettingStarted } from '@/features/getting-started/components/getting-started';
import { useStoreFirstActiveSession } from '@/features/sessions/hooks/use-store-first-active-session';
import { DashboardScreen } from '@/features/tickets/components/dashboard-screen';
import { useAuth } from '@/shared/account/auth-context';

export function DashboardRoute() {
  const { user } = useAuth();
  useStoreFirstActiveSession();
  const name = user?.first_name.trim();
  return (
    <DashboardScreen
      title={name ? `Welcome, ${name}!` : 'Welcome!'}
      description="Your support desk at a glance: tickets from your WhatsApp groups, sessions and agents."
      intro={<GettingStarted />}
    />
  );
}
