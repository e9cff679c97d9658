import { TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '@/shared/ui/button';
import { usePageTitle } from './use-page-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** The router's default error screen. */
export function RouteErrorScreen() {
  usePageTitle('Something went wrong · wadesk');
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
          <TriangleAlertIcon className="size-7" />
        </div>
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-3 rounded-lg bg-slate-100 px-4 py-3 font-mono text-sm break-words text-slate-700">
          {describe(error)}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Reload
          </button>
          {/* A full page load: the router's state may be what broke. */}
          <a href="/" className={buttonClasses()}>
            Back to Homepage
          </a>
        </div>
      </div>
    </main>
  );
}
