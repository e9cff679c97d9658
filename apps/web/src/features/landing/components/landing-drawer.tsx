import { HouseIcon, LogInIcon, MessagesSquareIcon, SearchIcon } from 'lucide-react';
import { Link } from 'react-router';
import { scrollToSection, scrollToTop } from '@/features/landing/utils/scroll-to-section';
import { useAuth } from '@/shared/account/auth-context';
import { BrandLink } from '@/shared/ui/brand';
import { buttonClasses } from '@/shared/ui/button';
import { Drawer } from '@/shared/ui/dialog';

const row =
  'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-100 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600';

/** The landing page's mobile menu: Home, How it Works, FAQs, Login, Start for free (Open dashboard when signed in). */
export function LandingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { isSignedIn } = useAuth();
  const toSection = (id: string) => () => {
    onClose();
    scrollToSection(id);
  };

  return (
    <Drawer open={open} onClose={onClose} title="Menu" header={<BrandLink />}>
      <nav aria-label="Main" className="flex flex-1 flex-col gap-1 p-3">
        <Link
          to="/"
          className={row}
          onClick={() => {
            onClose();
            scrollToTop();
          }}
        >
          <HouseIcon /> Home
        </Link>
        <Link to="/#how-works" className={row} onClick={toSection('how-works')}>
          <SearchIcon /> How it Works
        </Link>
        <Link to="/#faq" className={row} onClick={toSection('faq')}>
          <MessagesSquareIcon /> FAQs
        </Link>
        {isSignedIn ? null : (
          <Link to="/login" className={row} onClick={onClose}>
            <LogInIcon /> Login
          </Link>
        )}
      </nav>
      <div className="border-t border-slate-200 p-4">
        <Link
          to={isSignedIn ? '/dashboard' : '/register'}
          className={buttonClasses({ size: 'xl', fullWidth: true })}
          onClick={onClose}
        >
          {isSignedIn ? 'Open dashboard' : 'Start for free'}
        </Link>
      </div>
    </Drawer>
  );
}
