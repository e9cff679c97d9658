/** The session a group belongs to, as a small badge (each group row names its session). */
export function SessionBadge({ name }: { name: string }) {
  return (
    <span className="inline-flex max-w-full truncate rounded-md bg-brand-50 px-1.5 py-0.5 text-[0.68rem] font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
      {name}
    </span>
  );
}
