import type { ReactNode } from 'react';
import { ChatIcon, DashboardIcon, PhoneIcon, UsersIcon } from '../../shared/ui/icons';

export interface AppNavLink {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The app's main destinations, shared by the desktop sidebar and the mobile drawer. */
export const APP_NAV_LINKS: readonly AppNavLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/session-info', label: 'Sessions', icon: <PhoneIcon /> },
  { to: '/whatsapp-chat', label: 'Whatsapp Chat', icon: <ChatIcon /> },
  { to: '/agents', label: 'Agents', icon: <UsersIcon /> },
];
