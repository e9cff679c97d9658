import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50',
};

// The product's button heights: small 20, medium 32, large 40; xl is for landing-page calls to action.
const sizes: Record<ButtonSize, string> = {
  sm: 'h-5 px-2 text-xs',
  md: 'h-8 px-3 text-sm',
  lg: 'h-10 px-4 text-sm',
  xl: 'h-12 px-6 text-base',
};

interface ClassOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/** Button styling, also used on router links that look like buttons. */
export function buttonClasses({ variant = 'primary', size = 'lg', fullWidth, className }: ClassOptions = {}) {
  return [base, variants[variant], sizes[size], fullWidth ? 'w-full' : '', className ?? ''].join(' ').trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ClassOptions {
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  className,
  busy = false,
  icon,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...props}
    >
      {busy ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
}
