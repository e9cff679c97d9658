import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogBehaviour } from '../hooks/use-dialog-behaviour';
import { CloseIcon } from './icons';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name. */
  label: string;
  header?: ReactNode;
  children: ReactNode;
}

/** A side panel sliding in from the left, for mobile navigation. */
export function Drawer({ open, ...props }: DrawerProps) {
  if (!open) return null;
  return createPortal(<DrawerPanel {...props} />, document.body);
}

function DrawerPanel({ onClose, label, header, children }: Omit<DrawerProps, 'open'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogBehaviour(panelRef, onClose);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; keyboards have Escape and the close button
    <div
      className="fixed inset-0 z-50 bg-slate-950/50 animate-fade-in"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className="flex h-full w-72 max-w-[85vw] flex-col bg-white shadow-2xl outline-none animate-slide-in-left"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          {header}
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex flex-1 flex-col overflow-y-auto">{children}</div>
      </div>
    </div>
  );
}
