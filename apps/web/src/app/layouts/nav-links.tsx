import { FileUpIcon, LayoutDashboardIcon, MessagesSquareIcon, SmartphoneIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AppNavLink {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The app's main destinations, shared by the desktop sidebar and the mobile drawer. */
export const APP_NAV_LINKS: readonly AppNavLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <LayoutDashboardIcon /> },
  { to: '/session-info', label: 'Sessions', icon: <SmartphoneIcon /> },
  { to: '/whatsapp-chat', label: 'Whatsapp Chat', icon: <MessagesSquareIcon /> },
  { to: '/agents', label: 'Agents', icon: <UsersIcon /> },
  // /upload-chat was linked from nowhere for a signed-in user (issue 15 §1.2).
  { to: '/upload-chat', label: 'Import chat', icon: <FileUpIcon /> },
];
