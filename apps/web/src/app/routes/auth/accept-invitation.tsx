import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/routes/use-page-title';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AcceptInvitation } from '@/features/members/components/accept-invitation';

/** The invitation mail's link: the members feature's screen in the sign-in screens' frame. */
export function AcceptInvitationRoute() {
  usePageTitle();
  const [params] = useSearchParams();
  return <AcceptInvitation token={params.get('token') ?? ''} Frame={AuthLayout} />;
}
