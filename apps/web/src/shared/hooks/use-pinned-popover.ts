import { type MouseEvent, type PointerEvent, useEffect, useId, useState } from 'react';

/**
 * A small list that opens while a mouse hovers its button, and stays open after a click or tap until the
 * next one, the button losing focus, or Escape — "Read by N" (shared/ui/reply-status.tsx), reactions and edit history. A click
 * stays inside: the group chat's bubbles react to clicks themselves.
 */
export function usePinnedPopover() {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  const id = useId();
  // Escape closes the list, not a dialog around it: the window hears it first.
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setHovered(false);
      setPinned(false);
    };
    window.addEventListener('keydown', close, { capture: true });
    return () => window.removeEventListener('keydown', close, { capture: true });
  }, [open]);
  return {
    open,
    id,
    area: {
      onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true),
      onPointerLeave: (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(false),
    },
    button: {
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': open ? id : undefined,
      onClick: (event: MouseEvent) => {
        event.stopPropagation();
        setPinned((shown) => !shown);
      },
      onBlur: () => setPinned(false),
    },
  };
}
