import type { ReactNode } from 'react';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { BrandLink } from '@/shared/ui/brand';
import { NavItemLink, NavSection } from '@/shared/ui/nav-item';
import { AccountNavItem } from './account-nav-item';
import { useNavLinks } from './nav-links';

/** The desktop side menu (hidden at widths up to 767 px); `extraItems` go under the main links. */
export function AppSidebar({ extraItems }: { extraItems?: ReactNode }) {
  const links = useNavLinks();
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-5">
        <BrandLink />
        <NotificationBell />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <NavSection>
          {links.map((link) => (
            <NavItemLink key={link.to} to={link.to} icon={link.icon}>
              {link.label}
            </NavItemLink>
          ))}
        </NavSection>
        {extraItems}
      </nav>
      <div className="border-t border-slate-200 p-3">
        <AccountNavItem />
      </div>
    </aside>
  );
}
