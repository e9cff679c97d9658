import { ArrowRightIcon, CompassIcon, TriangleAlertIcon } from 'lucide-react';
import { Fragment, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { BrandLink } from '@/shared/ui/brand';
import { buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { usePageTitle } from './use-page-title';

export const NOT_FOUND_REDIRECT_MS = 3000;

/**
 * Where the 404 page sends a user, in words that match: a visitor to the home page and, after 3 s, the
 * sign-in page (the product's texts); a signed-in user to the dashboard, where /login would
 * forward them anyway.
 */
const TARGETS = {
  visitor: { button: 'Back to Homepage', to: '/', redirect: '/login', notice: 'Redirecting to Login Page' },
  'signed-in': {
    button: 'Back to dashboard',
    to: '/dashboard',
    redirect: '/dashboard',
    notice: 'Redirecting to your dashboard',
  },
} as const;

/** A long address wraps after its / ? & and # rather than inside a word. */
function BreakableAddress({ address }: { address: string }) {
  const pieces = address.split(/(?<=[/?&#])/);
  return pieces.map((piece, index) => (
    // The pieces of one address never reorder: their place is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ));
}

export function NotFoundRoute() {
  usePageTitle('Page not found · wadesk');
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const target = TARGETS[useAuth().isSignedIn ? 'signed-in' : 'visitor'];

  // A new history entry, not a replacement: Back returns to the address that was mistyped, to correct it.
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target.redirect), NOT_FOUND_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target.redirect]);

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50/60 to-white">
      <header className="px-4 py-5 sm:px-8">
        <BrandLink />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="max-w-lg text-center">
          <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
            <CompassIcon className="size-8" />
          </div>
          <p className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl">404</p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Something's missing.
          </h1>
          <p className="mt-4 text-base text-slate-600">
            Sorry, we can't find that page. You'll find lots to explore on the home page.
          </p>
          <p className="mx-auto mt-4 w-fit max-w-full rounded-lg bg-white px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200">
            Nothing at{' '}
            <code className="block font-mono font-semibold [overflow-wrap:anywhere] text-slate-900 sm:inline">
              <BreakableAddress address={`${pathname}${search}${hash}`} />
            </code>
          </p>
          <Link to={target.to} className={buttonClasses({ size: 'xl', className: 'mt-8' })}>
            {target.button}
            <ArrowRightIcon />
          </Link>
          <p
            role="status"
            className="mx-auto mt-8 flex w-fit items-center gap-2 rounded-full bg-amber-50 px-4 py-2 text-sm font-medium text-amber-800 ring-1 ring-amber-200"
          >
            <TriangleAlertIcon className="size-4" />
            {target.notice}
            <Spinner className="size-4" />
          </p>
        </div>
      </main>
    </div>
  );
}
