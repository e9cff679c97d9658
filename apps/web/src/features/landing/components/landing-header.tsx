import { MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { scrollToTop } from '@/features/landing/utils/scroll-to-section';
import { useAuth } from '@/shared/account/auth-context';
import { BrandLink } from '@/shared/ui/brand';
import { buttonClasses } from '@/shared/ui/button';
import { LandingDrawer } from './lazy-overlays';
import { SectionLink } from './section-link';

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600';

/** The landing page's top bar; at widths up to 767 px the links move into a side drawer. */
export function LandingHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { isSignedIn } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <BrandLink />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <Link to="/" className={navLink} onClick={scrollToTop}>
            Home
          </Link>
          <SectionLink section="how-works" className={navLink}>
            Features
          </SectionLink>
          <SectionLink section="faq" className={navLink}>
            FAQ
          </SectionLink>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {isSignedIn ? (
            <Link to="/dashboard" className={buttonClasses()}>
              Open dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClasses({ variant: 'ghost' })}>
                Login
              </Link>
              <Link to="/register" className={buttonClasses()}>
                Start for free
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
        >
          <MenuIcon className="size-6" />
        </button>
      </div>
      <LandingDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </header>
  );
}
