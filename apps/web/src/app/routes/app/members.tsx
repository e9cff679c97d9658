import { MembersScreen } from '@/features/members/components/members-screen';

export function MembersRoute() {
  return <MembersScreen />;
}
