import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

// Every modal surface of the app (dialogs, drawers, the mobile search panel) is a Radix Dialog:
// focus moves in and stays in, Escape and a click outside close it, the page behind neither scrolls
// nor reaches assistive technology, focus returns to the opener, and the title names it
// (docs/web-structure.md).

const CLOSE_CLASSES =
  'rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

interface SurfaceProps {
  open: boolean;
  onClose: () => void;
  overlayClassName: string;
  contentClassName: string;
  children: ReactNode;
}

/** The Radix root, portal, backdrop and panel shared by Dialog, Drawer and the media lightbox. */
export function Surface({ open, onClose, overlayClassName, contentClassName, children }: SurfaceProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content
          ref={contentRef}
          // The title names the dialog; a description would only repeat its body.
          aria-describedby={undefined}
          // Focus the field marked data-autofocus, else the panel itself so its title is read first.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const panel = contentRef.current;
            (panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel)?.focus();
          }}
          // Radix returns focus only to a Dialog.Trigger; our dialogs open from any button, so
          // focus goes back to whatever had it when the dialog opened.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            openerRef.current?.focus();
          }}
          className={`outline-none ${contentClassName}`}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function CloseButton() {
  return (
    <RadixDialog.Close aria-label="Close" className={CLOSE_CLASSES}>
      <X aria-hidden="true" className="size-5" />
    </RadixDialog.Close>
  );
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: 'max-w-md' | 'max-w-lg' | 'max-w-2xl' | 'max-w-4xl';
}

/** A centred modal dialog with a visible title and a close button. */
export function Dialog({ open, onClose, title, children, size = 'max-w-lg' }: DialogProps) {
  return (
    <Surface
      open={open}
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm animate-fade-in"
      contentClassName={`fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] ${size} max-h-[90dvh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl animate-pop-in`}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
        <CloseButton />
      </div>
      <div className="p-5">{children}</div>
    </Surface>
  );
}

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Names the drawer; shown as its heading unless a `header` replaces it (then read by screen readers only). */
  title: string;
  header?: ReactNode;
  side?: 'left' | 'right';
  /** Width classes of the panel. */
  width?: string;
  children: ReactNode;
}

/** A full-height side panel: the mobile navigation (left) and the mobile message search (right). */
export function Drawer({
  open,
  onClose,
  title,
  header,
  side = 'left',
  width = 'w-72 max-w-[85vw]',
  children,
}: DrawerProps) {
  const placement = side === 'left' ? 'left-0 animate-slide-in-left' : 'right-0 animate-fade-in';
  return (
    <Surface
      open={open}
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50 bg-slate-950/50 animate-fade-in"
      contentClassName={`fixed inset-y-0 z-50 flex h-dvh flex-col bg-white shadow-2xl ${placement} ${width}`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        {header}
        <RadixDialog.Title className={header ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
          {title}
        </RadixDialog.Title>
        <CloseButton />
      </div>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
    </Surface>
  );
}
