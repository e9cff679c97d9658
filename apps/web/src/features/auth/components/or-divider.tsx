export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-medium tracking-wider text-slate-400 uppercase">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
