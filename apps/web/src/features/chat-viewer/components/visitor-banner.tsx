import { ArrowRightIcon, LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/shared/ui/button';

/** Shown with a loaded chat when nobody is signed in. */
export function VisitorBanner() {
  return (
    <aside className="mb-4 flex flex-col items-start gap-3 rounded-2xl border border-brand-200 bg-gradient-to-r from-brand-50 to-white px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm font-medium text-brand-900">
        <LockIcon className="size-4 shrink-0 text-brand-700" />
        Login to use the premium features
      </p>
      <Link to="/register" className={buttonClasses({ size: 'md' })}>
        Start for free
        <ArrowRightIcon className="size-4" />
      </Link>
    </aside>
  );
}
