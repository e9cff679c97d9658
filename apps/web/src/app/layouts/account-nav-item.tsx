import { LogInIcon, LogOutIcon } from 'lucide-react';
import { LinkGoogleNavItem } from '@/features/auth/components/link-google';
import { ProfileNavItem } from '@/features/auth/components/profile-nav-item';
import { useAuth } from '@/shared/account/auth-context';
import { NavItemButton, NavItemLink } from '@/shared/ui/nav-item';
import { useLogout } from './use-logout';

/**
 * The account for a signed-in user (who, in which organisation, opening the profile page), its actions
 * (linking Google, when it is not linked, and Logout); a visitor on an unprotected app screen gets Login
 * instead.
 */
export function AccountNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { logout, busy } = useLogout();
  const { isSignedIn } = useAuth();
  if (!isSignedIn && !busy) {
    return (
      <NavItemLink to="/login" icon={<LogInIcon />} onClick={onNavigate}>
        Login
      </NavItemLink>
    );
  }
  return (
    <div className="space-y-1">
      <ProfileNavItem onNavigate={onNavigate} />
      <LinkGoogleNavItem />
      <NavItemButton icon={<LogOutIcon />} busy={busy} onClick={() => void logout()}>
        Logout
      </NavItemButton>
    </div>
  );
}
