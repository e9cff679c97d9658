import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Spinner } from './spinner';

// Rows of the app's sidebar and mobile drawer. Later features compose their own drawer items
// (Messages with a badge, Clear Chat, Previous Chats, Filter Chat) from these pieces.

const row =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface NavItemLinkProps {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  /** Shown at the end of the row, e.g. a count. */
  badge?: ReactNode;
  onClick?: () => void;
}

export function NavItemLink({ to, icon, children, badge, onClick }: NavItemLinkProps) {
  return (
    <NavLink
      to={to}
      onClick={onClick}
      className={({ isActive }) =>
        `${row} ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`
      }
    >
      {icon}
      <span className="flex-1 truncate">{children}</span>
      {badge}
    </NavLink>
  );
}

interface NavItemButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: ReactNode;
  busy?: boolean;
  badge?: ReactNode;
}

export function NavItemButton({ icon, busy, badge, children, className = '', ...props }: NavItemButtonProps) {
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy || undefined}
      className={`${row} text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60 ${className}`}
      {...props}
    >
      {busy ? <Spinner className="size-5" /> : icon}
      <span className="flex-1 truncate text-left">{children}</span>
      {badge}
    </button>
  );
}

/** A titled group of rows. */
export function NavSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      {title ? (
        <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">
          {title}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A small count pill for a row. */
export function NavBadge({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 tabular-nums">
      {children}
    </span>
  );
}
