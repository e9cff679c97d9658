import { SettingsScreen } from '@/features/settings/components/settings-screen';

export function SettingsRoute() {
  return <SettingsScreen />;
}
