import { Fragment } from 'react';
import { Link } from 'react-router';

/** "Home / UPPERCASE-PATH": Home links to /, then each segment of the current path in capitals. */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const parts = pathname.split('/').filter(Boolean);
  const segments = parts.map((part, index) => ({
    path: parts.slice(0, index + 1).join('/'),
    label: safeDecode(part).toUpperCase(),
  }));

  return (
    <nav aria-label="Breadcrumb" className="text-sm font-medium text-slate-500">
      <Link to="/" className="hover:text-brand-700 hover:underline">
        Home
      </Link>
      {segments.map((segment, index) => {
        const last = index === segments.length - 1;
        return (
          <Fragment key={segment.path}>
            <span aria-hidden="true" className="text-slate-400">
              {' / '}
            </span>
            <span aria-current={last ? 'page' : undefined} className={last ? 'text-slate-800' : undefined}>
              {segment.label}
            </span>
          </Fragment>
        );
      })}
    </nav>
  );
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
