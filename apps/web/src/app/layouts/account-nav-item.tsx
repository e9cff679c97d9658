import { LogInIcon, LogOutIcon } from 'lucide-react';
import { useAuth } from '@/shared/account/auth-context';
import { NavItemButton, NavItemLink } from '@/shared/ui/nav-item';
import { useLogout } from './use-logout';

/** Logout for a signed-in user; a visitor on an unprotected app screen gets Login instead. */
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
    <NavItemButton icon={<LogOutIcon />} busy={busy} onClick={() => void logout()}>
      Logout
    </NavItemButton>
  );
}
