import { ArrowRightIcon, MessagesSquareIcon, PlayIcon, ShieldIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { Button, buttonClasses } from '@/shared/ui/button';
import { DemoModal } from './lazy-overlays';

/** The landing hero; `upload` is the chat-import card, passed in by the app so features stay apart. */
export function Hero({ upload }: { upload: ReactNode }) {
  const [demoOpen, setDemoOpen] = useState(false);
  const { isSignedIn } = useAuth();

  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-100),transparent_55%),radial-gradient(ellipse_at_bottom_left,var(--color-emerald-50),transparent_50%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-semibold text-brand-800 shadow-xs">
            <span className="size-2 rounded-full bg-brand-500" />
            Chat analysis &amp; support desk for WhatsApp
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Your all in one tool for handling <span className="text-brand-700">WhatsApp</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-slate-600 lg:mx-0">
            Manage, track and analyse all your chats in one place.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Link
              to={isSignedIn ? '/dashboard' : '/register'}
              className={buttonClasses({ size: 'xl', className: 'w-full sm:w-auto' })}
            >
              {isSignedIn ? 'Open dashboard' : 'Start for free'}
              <ArrowRightIcon />
            </Link>
            <Button
              variant="secondary"
              size="xl"
              className="w-full sm:w-auto"
              icon={<PlayIcon className="size-4 fill-current" />}
              onClick={() => setDemoOpen(true)}
            >
              Watch free demo
            </Button>
          </div>
          <p className="mt-6 flex items-center justify-center gap-2 text-sm text-slate-500 lg:justify-start">
            <ShieldIcon className="size-4 text-brand-600" />
            Chats imported without an account never leave your browser.
          </p>
        </div>
        <div className="relative mx-auto w-full max-w-lg">
          <div
            aria-hidden="true"
            className="absolute -inset-4 rotate-2 rounded-[2rem] bg-brand-200/40 blur-2xl"
          />
          <div className="relative rounded-3xl border border-slate-200 bg-white p-5 shadow-2xl shadow-brand-900/10 sm:p-6">
            <div className="mb-4 flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-700 text-white">
                <MessagesSquareIcon />
              </span>
              <div className="text-left">
                <h2 className="text-base font-semibold text-slate-900">Open an exported chat</h2>
                <p className="text-sm text-slate-500">Read, search and filter it right here.</p>
              </div>
            </div>
            {upload}
          </div>
        </div>
      </div>
      <DemoModal open={demoOpen} onClose={() => setDemoOpen(false)} />
    </section>
  );
}
