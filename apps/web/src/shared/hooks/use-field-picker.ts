import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';

/**
 * A list of suggestions under a text field (canned replies after "/", members after "@"): arrows move,
 * Enter or Tab chooses, Escape closes it until the text changes, leaving the field closes it too. `wanted`:
 * the text asks for the list now. Escape never reaches a dialog around the field: dialogs listen on the
 * document while capturing, so this listens on the window, which comes first.
 */
export function useFieldPicker(
  text: string,
  wanted: boolean,
  fieldRef: RefObject<HTMLTextAreaElement | null>,
) {
  const [active, setActive] = useState(0);
  // The text at which the list was closed: it stays closed until the text changes.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const open = wanted && dismissedAt !== text;

  useEffect(() => {
    if (!open) return;
    const keepDialog = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === fieldRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', keepDialog, { capture: true });
    return () => window.removeEventListener('keydown', keepDialog, { capture: true });
  }, [open, fieldRef]);

  return {
    open,
    /** The highlighted one of `matches`. */
    current: <T>(matches: readonly T[]): T | undefined => matches[Math.min(active, matches.length - 1)],
    /** Back to the first match (the text changed, or one was chosen). */
    restart: () => setActive(0),
    /** The field's keys while the list is open; `choose` gets the highlighted match. */
    onKeyDown<T>(
      event: KeyboardEvent<HTMLTextAreaElement>,
      matches: readonly T[],
      choose: (match: T) => void,
    ) {
      if (!open) return;
      const current = matches[Math.min(active, matches.length - 1)];
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(text);
      } else if (matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((Math.min(active, matches.length - 1) + step + matches.length) % matches.length);
      } else if (current !== undefined && (event.key === 'Enter' || event.key === 'Tab')) {
        event.preventDefault();
        choose(current);
      }
    },
    /** For the field: leaving it closes the list, coming back opens it again. */
    fieldProps: { onBlur: () => setDismissedAt(text), onFocus: () => setDismissedAt(null) },
  };
}
