import { SessionsScreen } from '@/features/sessions/components/sessions-screen';

export function SessionInfoRoute() {
  return <SessionsScreen />;
}
