import { errorMessage } from '@/shared/api/api-error';

/** A part of the report that failed: the server's words when it sent some (a range it refused), and a retry. */
export function ReportAlert({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry(): void;
}) {
  return (
    <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {errorMessage(error, fallback)}{' '}
      <button
        type="button"
        onClick={onRetry}
        className="font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Try again
      </button>
    </p>
  );
}
