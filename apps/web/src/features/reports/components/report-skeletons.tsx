// Placeholders in the shape of what loads, so the page does not jump when it arrives; each names itself once
// to screen readers.

const BLOCK = 'animate-pulse rounded-2xl border border-slate-200 bg-white shadow-sm';
const BAR = 'rounded bg-slate-200';

export function CardsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the figures"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {Array.from({ length: 10 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
        <div key={index} className={`${BLOCK} h-28 p-4`}>
          <div className={`${BAR} h-3 w-2/3`} />
          <div className={`${BAR} mt-3 h-6 w-1/2`} />
          <div className={`${BAR} mt-3 h-3 w-1/3`} />
        </div>
      ))}
    </div>
  );
}

export function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading the table" className={`${BLOCK} space-y-3 p-5`}>
      <div className={`${BAR} h-4 w-40`} />
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
        <div key={index} className={`${BAR} h-6 w-full bg-slate-100`} />
      ))}
    </div>
  );
}

export function ChartsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the charts"
      className="grid grid-cols-1 gap-4 sm:gap-5 lg:grid-cols-2"
    >
      {['first', 'busiest', 'backlog'].map((id) => (
        <div key={id} className={`${BLOCK} h-80 p-5 ${id === 'backlog' ? 'lg:col-span-2' : ''}`}>
          <div className={`${BAR} h-4 w-48`} />
          <div className={`${BAR} mt-6 h-56 w-full bg-slate-100`} />
        </div>
      ))}
    </div>
  );
}
