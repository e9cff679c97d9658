import type { ReactNode } from 'react';

/** Said when an emailed link arrives without its token (a mail client cut it short). */
export function IncompleteLink({ children }: { children?: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      This link is incomplete. Open the link from the email again{children}.
    </p>
  );
}
