import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { buttonClasses } from '@/shared/ui/button';

export function CtaBand() {
  const { isSignedIn } = useAuth();
  return (
    <section className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 px-6 py-14 text-center shadow-xl sm:px-12">
          <div className="pointer-events-none absolute -top-20 -right-20 size-72 rounded-full bg-brand-400/20 blur-3xl" />
          <h2 className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Ready to make sense of your WhatsApp chats?
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">
            Manage, track and analyse all your chats in one place.
          </p>
          <Link
            to={isSignedIn ? '/dashboard' : '/register'}
            className={buttonClasses({ variant: 'inverse', size: 'xl', className: 'relative mt-8' })}
          >
            {isSignedIn ? 'Open dashboard' : 'Start for free'}
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </section>
  );
}
