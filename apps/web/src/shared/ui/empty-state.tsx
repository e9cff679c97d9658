import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** A centred card for a screen with nothing to show yet. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <section className="flex w-full flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center shadow-sm sm:px-10">
      <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-8 ring-brand-50/50">
        {icon}
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 max-w-md text-sm leading-6 text-slate-600">{children}</div>
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}
