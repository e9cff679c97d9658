import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One item of a list shown as chips (a phrase, a date), with its remove button when `onRemove` is given
 * (editors); without it the chip keeps its shape for readers.
 */
export function RemovableChip({
  children,
  removeLabel,
  onRemove,
  className = '',
}: {
  children: ReactNode;
  removeLabel: string;
  onRemove?: () => void;
  className?: string;
}) {
  return (
    <li
      className={`inline-flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1 pl-3 text-sm text-slate-800 ${className}`}
    >
      {children}
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
        >
          <XIcon aria-hidden="true" className="size-3.5" />
        </button>
      ) : (
        <span className="pr-2" />
      )}
    </li>
  );
}
