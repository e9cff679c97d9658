import { useAuth } from '../../shared/auth/auth-context';
import { LoginIcon, LogoutIcon } from '../../shared/ui/icons';
import { NavItemButton, NavItemLink } from '../../shared/ui/nav-item';
import { useLogout } from './use-logout';

/** Logout for a signed-in user; a visitor on an unprotected app screen gets Login instead. */
export function AccountNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { logout, busy } = useLogout();
  const { isSignedIn } = useAuth();
  if (!isSignedIn && !busy) {
    return (
      <NavItemLink to="/login" icon={<LoginIcon />} onClick={onNavigate}>
        Login
      </NavItemLink>
    );
  }
  return (
    <NavItemButton icon={<LogoutIcon />} busy={busy} onClick={() => void logout()}>
      Logout
    </NavItemButton>
  );
}
