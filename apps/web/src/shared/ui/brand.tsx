import { Link } from 'react-router';

export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path
        d="M16 7.5a8.5 8.5 0 0 0-7.36 12.75L7.5 24.5l4.37-1.12A8.5 8.5 0 1 0 16 7.5Z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M12.5 14.5h7M12.5 17.5h4.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The logo and name, linking to the landing page. */
export function BrandLink({ inverse = false, className = '' }: { inverse?: boolean; className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight ${
        inverse ? 'text-white' : 'text-slate-900'
      } ${className}`}
    >
      <BrandMark />
      <span>wadesk</span>
    </Link>
  );
}
