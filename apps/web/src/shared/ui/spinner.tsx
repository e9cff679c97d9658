import { LoaderCircleIcon } from 'lucide-react';

interface SpinnerProps {
  className?: string;
  /** When given, the spinner announces itself as a status with this name; otherwise it is decorative. */
  label?: string;
}

export function Spinner({ className = 'size-5', label }: SpinnerProps) {
  const svg = <LoaderCircleIcon aria-hidden="true" className={`animate-spin ${className}`} />;
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
