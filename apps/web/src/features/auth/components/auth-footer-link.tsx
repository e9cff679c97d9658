import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link under an auth card ("Create an account", "Back to sign in", …). */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
      {children}
    </Link>
  );
}
