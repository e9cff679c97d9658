import { UserRoundIcon } from 'lucide-react';
import { useAuth } from '@/shared/account/auth-context';
import { fullName } from '@/shared/format/person-name';
import { Avatar } from '@/shared/ui/avatar';
import { NavItemLink } from '@/shared/ui/nav-item';

/**
 * The account menu's first row: who is signed in and in which organisation, opening the profile page.
 * Without the guard's user (on /messages), a plain Profile link.
 */
export function ProfileNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  if (!user) {
    return (
      <NavItemLink to="/profile" icon={<UserRoundIcon />} onClick={onNavigate}>
        Profile
      </NavItemLink>
    );
  }
  const name = fullName(user);
  const place = user.organisation_name ?? user.email;
  return (
    <NavItemLink
      to="/profile"
      icon={<Avatar name={name} className="-my-1 size-8 text-xs" />}
      onClick={onNavigate}
    >
      <span className="sr-only">{`Profile: ${name}, ${place}`}</span>
      <span aria-hidden="true" className="block truncate text-slate-900">
        {name}
      </span>
      <span aria-hidden="true" className="block truncate text-xs font-normal text-slate-500">
        {place}
      </span>
    </NavItemLink>
  );
}
