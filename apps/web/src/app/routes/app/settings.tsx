import { useQuery } from '@tanstack/react-query';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { labelsQuery } from '@/features/tickets/api/workflow-queries';

/** Settings, with the organisation's labels for its SLA policies (the tickets feature owns labels). */
export function SettingsRoute() {
  const labels = useQuery(labelsQuery());
  return <SettingsScreen labels={labels.data ?? []} />;
}
