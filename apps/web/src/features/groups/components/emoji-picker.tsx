import { SmileIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { COMMON_EMOJI, EMOJI_COLUMNS } from '@/features/groups/utils/emoji';

interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/**
 * A button that opens a grid of common emoji above it. Arrow keys, Home and End move through the grid,
 * Enter or Space inserts (the picker stays open for another), Escape closes it and returns to the button;
 * a click outside closes it too.
 */
export function EmojiPicker({ onPick, disabled = false }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    cells.current[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function close(): void {
    setOpen(false);
    toggle.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = cells.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = COMMON_EMOJI.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index + EMOJI_COLUMNS,
      ArrowUp: index - EMOJI_COLUMNS,
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    const next = moves[event.key];
    if (next === undefined || index < 0) return;
    event.preventDefault();
    cells.current[Math.min(last, Math.max(0, next))]?.focus();
  }

  return (
    <div className="relative shrink-0">
      <button
        ref={toggle}
        type="button"
        disabled={disabled}
        aria-label="Insert an emoji"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((shown) => !shown)}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <SmileIcon aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label="Emoji"
          onKeyDown={onKeyDown}
          className="absolute bottom-full left-0 z-30 mb-2 w-[18.5rem] max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="grid grid-cols-8 gap-0.5">
            {COMMON_EMOJI.map(({ emoji, name }, index) => (
              <button
                key={emoji}
                ref={(element) => {
                  cells.current[index] = element;
                }}
                type="button"
                aria-label={name}
                title={name}
                onClick={() => onPick(emoji)}
                className="inline-flex size-8 items-center justify-center rounded-md text-xl hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {emoji}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
