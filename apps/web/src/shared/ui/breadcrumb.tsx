import { Fragment } from 'react';
import { Link } from 'react-router';

export interface BreadcrumbPage {
  /** The page's name, e.g. "Sessions". */
  label: string;
  /** Where an earlier page of the trail links; the last page is the current one and is not a link. */
  to?: string;
}

/** "Home / Sessions": Home links to /, then the pages down to the current one, by name. */
export function Breadcrumb({ pages }: { pages: readonly BreadcrumbPage[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm font-medium text-slate-500">
      <Link to="/" className="hover:text-brand-700 hover:underline">
        Home
      </Link>
      {pages.map((page, index) => {
        const last = index === pages.length - 1;
        return (
          <Fragment key={page.to ?? page.label}>
            <span aria-hidden="true" className="text-slate-400">
              {' / '}
            </span>
            {!last && page.to ? (
              <Link to={page.to} className="hover:text-brand-700 hover:underline">
                {page.label}
              </Link>
            ) : (
              <span aria-current={last ? 'page' : undefined} className={last ? 'text-slate-800' : undefined}>
                {page.label}
              </span>
            )}
          </Fragment>
        );
      })}
    </nav>
  );
}
