import { type MemberRole, roleAtLeast } from '@wadesk/contract';
import {
  FileUpIcon,
  LayoutDashboardIcon,
  MessagesSquareIcon,
  SettingsIcon,
  SmartphoneIcon,
  UserRoundCogIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';

export interface AppNavLink {
  to: string;
  label: string;
  icon: ReactNode;
  /** Shown only to this role and above (the page's changes need it). */
  minRole?: MemberRole;
}

/** The app's main destinations, shared by the desktop sidebar and the mobile drawer. */
export const APP_NAV_LINKS: readonly AppNavLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <LayoutDashboardIcon /> },
  { to: '/session-info', label: 'Sessions', icon: <SmartphoneIcon /> },
  { to: '/whatsapp-chat', label: 'Whatsapp Chat', icon: <MessagesSquareIcon /> },
  { to: '/agents', label: 'Agents', icon: <UsersIcon /> },
  { to: '/members', label: 'Members', icon: <UserRoundCogIcon /> },
  { to: '/settings', label: 'Settings', icon: <SettingsIcon />, minRole: 'admin' },
  // /upload-chat was linked from nowhere for a signed-in user (issue 15 §1.2).
  { to: '/upload-chat', label: 'Import chat', icon: <FileUpIcon /> },
];

/** The links shown to someone with `role`; a link with a minimum role is hidden while the role is unknown. */
export function navLinksFor(role: MemberRole | undefined): readonly AppNavLink[] {
  return APP_NAV_LINKS.filter(
    (link) => !link.minRole || (role !== undefined && roleAtLeast(role, link.minRole)),
  );
}
