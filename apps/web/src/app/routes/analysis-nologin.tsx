import { ShieldIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LazyAnalysisScreen } from '@/features/analytics/lazy-analysis-screen';
import { VisitorBanner } from '@/features/chat-viewer/components/visitor-banner';
import { useAuth } from '@/shared/account/auth-context';
import { BrandLink } from '@/shared/ui/brand';
import { buttonClasses } from '@/shared/ui/button';
import { usePageTitle } from './use-page-title';

/** An anonymous visitor's analysis of the chat they imported; it is worked out in their browser. */
export function AnalysisNoLoginRoute() {
  usePageTitle();
  const signedIn = useAuth().isSignedIn;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <Link
            to={signedIn ? '/dashboard' : '/login'}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            {signedIn ? 'Dashboard' : 'Login'}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-3 py-4 sm:px-6 sm:py-6">
        {signedIn ? null : <VisitorBanner />}
        <LazyAnalysisScreen messagesPath="/messages-nologin" />
        <p className="mt-6 flex items-center justify-center gap-2 text-xs text-slate-500">
          <ShieldIcon className="size-4 text-brand-600" />
          This chat is read and kept in your browser only; it was not uploaded.
        </p>
      </main>
    </div>
  );
}
