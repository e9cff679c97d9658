import { MenuIcon } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageName } from '@/app/routes/page-titles';
import { usePageTitle } from '@/app/routes/use-page-title';
import { UnverifiedEmailNotice } from '@/features/auth/components/unverified-email-notice';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationsProvider } from '@/features/notifications/hooks/notifications-context';
import { useAuth } from '@/shared/account/auth-context';
import { BrandLink } from '@/shared/ui/brand';
import { Breadcrumb } from '@/shared/ui/breadcrumb';
import { AppDrawerContext } from '@/shared/ui/drawer-context';
import { AppDrawer } from './app-drawer';
import { AppSidebar } from './app-sidebar';
import { UnsentReplyGuard } from './unsent-reply-guard';

interface AppLayoutProps {
  /** Extra rows for the mobile drawer, placed between the main links and Logout. */
  drawerItems?: ReactNode;
  /** Extra sections for the desktop sidebar, under the main links. */
  sidebarItems?: ReactNode;
}

/** The signed-in shell: side menu (drawer on mobile), breadcrumb, and the screen in the content area. */
export function AppLayout({ drawerItems, sidebarItems }: AppLayoutProps) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useMemo(() => ({ open: drawerOpen, setOpen: setDrawerOpen }), [drawerOpen]);
  usePageTitle();
  const { user } = useAuth();

  // A navigation (from the drawer or elsewhere) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <AppDrawerContext.Provider value={drawer}>
      <NotificationsProvider enabled={user !== null}>
        <div className="flex min-h-dvh bg-slate-50">
          <AppSidebar extraItems={sidebarItems} />
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white/90 px-4 backdrop-blur md:hidden">
              <BrandLink />
              <div className="flex items-center gap-1">
                <NotificationBell />
                <button
                  type="button"
                  aria-label="Open menu"
                  aria-haspopup="dialog"
                  aria-expanded={drawerOpen}
                  onClick={() => setDrawerOpen(true)}
                  className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <MenuIcon className="size-6" />
                </button>
              </div>
            </header>
            <main className="flex-1 px-4 py-5 sm:px-6 md:px-8 md:py-8">
              {/* The inbox's three panes use the whole width; other screens keep a readable one. */}
              <div className={`mx-auto w-full ${pathname === '/inbox' ? 'max-w-screen-2xl' : 'max-w-6xl'}`}>
                <UnverifiedEmailNotice />
                <Breadcrumb pages={[{ label: pageName(pathname), to: pathname }]} />
                <div className="mt-4 md:mt-6">
                  <Outlet />
                </div>
              </div>
            </main>
          </div>
          <AppDrawer extraItems={drawerItems} />
          <UnsentReplyGuard />
        </div>
      </NotificationsProvider>
    </AppDrawerContext.Provider>
  );
}
