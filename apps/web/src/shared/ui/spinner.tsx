interface SpinnerProps {
  className?: string;
  /** When given, the spinner announces itself as a status with this name; otherwise it is decorative. */
  label?: string;
}

export function Spinner({ className = 'size-5', label }: SpinnerProps) {
  const svg = (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={`animate-spin ${className}`}>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {svg}
    </span>
  );
}

/** The centred spinner shown while a whole screen waits (e.g. the session check). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 text-brand-600">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
