import { AgentsScreen } from '@/features/agents/components/agents-screen';

export function AgentsRoute() {
  return <AgentsScreen />;
}
