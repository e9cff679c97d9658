import { ChartColumnIcon, SearchIcon, ShieldIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandLink } from '@/shared/ui/brand';

const highlights = [
  { icon: <SearchIcon />, text: 'Search and filter whole conversations by author' },
  { icon: <ChartColumnIcon />, text: 'Analyse text and media in one place' },
  { icon: <ShieldIcon />, text: 'Your uploaded data is kept secure and private' },
];

interface AuthLayoutProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

/** The sign-in and registration frame: a brand panel on wide screens, the form card beside it. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-brand-950 p-12 text-white lg:flex">
        <div className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-brand-500/20 blur-3xl" />
        <div className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-brand-400/10 blur-3xl" />
        <BrandLink inverse className="relative" />
        <div className="relative">
          <p className="text-3xl leading-tight font-bold tracking-tight text-balance">
            Your all in one tool for handling WhatsApp
          </p>
          <p className="mt-4 text-brand-100">Manage, track and analyse all your chats in one place.</p>
          <ul className="mt-10 space-y-4">
            {highlights.map((item) => (
              <li key={item.text} className="flex items-center gap-3 text-sm text-brand-50">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  {item.icon}
                </span>
                {item.text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-brand-200">© 2024 wadesk. All rights reserved.</p>
      </aside>

      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">
          <BrandLink className="mb-8 lg:hidden" />
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
            <div className="mt-8">{children}</div>
          </div>
          <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
        </div>
      </main>
    </div>
  );
}
