import { ShieldIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ChatViewer } from '@/features/chat-viewer/components/chat-viewer';
import { VisitorBanner } from '@/features/chat-viewer/components/visitor-banner';
import { useAuth } from '@/shared/account/auth-context';
import { BrandLink } from '@/shared/ui/brand';
import { buttonClasses } from '@/shared/ui/button';
import { usePageTitle } from './use-page-title';

/** Where an anonymous visitor reads the chat they imported; the chat never left their browser. */
export function MessagesNoLoginRoute() {
  usePageTitle();
  const signedIn = useAuth().isSignedIn;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <Link
            to={signedIn ? '/dashboard' : '/login'}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            {signedIn ? 'Dashboard' : 'Login'}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-2 py-4 sm:px-6 sm:py-6">
        <h1 className="sr-only">Messages</h1>
        {signedIn ? null : <VisitorBanner />}
        <ChatViewer analysisPath="/analysis-nologin" />
        <p className="mt-4 flex items-center justify-center gap-2 text-xs text-slate-500">
          <ShieldIcon className="size-4 text-brand-600" />
          This chat is read and kept in your browser only; it was not uploaded.
        </p>
      </main>
    </div>
  );
}
