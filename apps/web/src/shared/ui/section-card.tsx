import { type ReactNode, useId } from 'react';

/** A titled card of a settings-like page (Settings, Profile): sections stack in one column. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}
