import { ProfileScreen } from '@/features/auth/components/profile-screen';

export function ProfileRoute() {
  return <ProfileScreen />;
}
