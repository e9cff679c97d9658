import {
  ChartColumnIcon,
  FileUpIcon,
  HistoryIcon,
  InboxIcon,
  LayoutDashboardIcon,
  MessagesSquareIcon,
  SettingsIcon,
  SmartphoneIcon,
  UserRoundCogIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '@/shared/account/auth-context';
import { allowance, type Permission } from '@/shared/account/permissions';

export interface AppNavLink {
  to: string;
  label: string;
  icon: ReactNode;
  /** Shown only to those who may do what the page is for (the rules every screen uses). */
  permission?: Permission;
}

/** The app's main destinations, shared by the desktop sidebar and the mobile drawer. */
export const APP_NAV_LINKS: readonly AppNavLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <LayoutDashboardIcon /> },
  { to: '/inbox', label: 'Inbox', icon: <InboxIcon /> },
  { to: '/reports', label: 'Reports', icon: <ChartColumnIcon /> },
  { to: '/session-info', label: 'Sessions', icon: <SmartphoneIcon /> },
  { to: '/whatsapp-chat', label: 'Whatsapp Chat', icon: <MessagesSquareIcon /> },
  { to: '/agents', label: 'Agents', icon: <UsersIcon /> },
  { to: '/members', label: 'Members', icon: <UserRoundCogIcon /> },
  { to: '/audit-log', label: 'Audit log', icon: <HistoryIcon />, permission: 'readAuditLog' },
  { to: '/settings', label: 'Settings', icon: <SettingsIcon />, permission: 'editSettings' },
  // /upload-chat was linked from nowhere for a signed-in user.
  { to: '/upload-chat', label: 'Import chat', icon: <FileUpIcon /> },
];

/** The links the signed-in user's role may open. */
export function useNavLinks(): readonly AppNavLink[] {
  const { user } = useAuth();
  return APP_NAV_LINKS.filter((link) => !link.permission || allowance(user, link.permission).allowed);
}
