import type { ReactNode } from 'react';
import { BrandLink } from '@/shared/ui/brand';
import { Drawer } from '@/shared/ui/dialog';
import { useAppDrawer } from '@/shared/ui/drawer-context';
import { NavItemLink, NavSection } from '@/shared/ui/nav-item';
import { AccountNavItem } from './account-nav-item';
import { useNavLinks } from './nav-links';

/**
 * The mobile menu: the main links, then `extraItems` (features add theirs through AppLayout's
 * `drawerItems`, built from shared/ui/nav-item), then Logout at the bottom.
 */
export function AppDrawer({ extraItems }: { extraItems?: ReactNode }) {
  const { open, setOpen } = useAppDrawer();
  const links = useNavLinks();
  const close = () => setOpen(false);

  return (
    <Drawer open={open} onClose={close} title="Menu" header={<BrandLink />}>
      <nav aria-label="Main" className="flex-1 space-y-4 p-3">
        <NavSection>
          {links.map((link) => (
            <NavItemLink key={link.to} to={link.to} icon={link.icon} onClick={close}>
              {link.label}
            </NavItemLink>
          ))}
        </NavSection>
        {extraItems}
      </nav>
      <div className="border-t border-slate-200 p-3">
        <AccountNavItem onNavigate={close} />
      </div>
    </Drawer>
  );
}
