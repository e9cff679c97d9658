import { type RefObject, useLayoutEffect, useState } from 'react';

/** Smallest height the two columns get on a very short window (the page scrolls then). */
const MIN_HEIGHT = 320;

/**
 * The height that makes `element` end at the window's bottom edge, less whatever the page lays out below
 * it (the shell's padding): the WhatsApp Chat page's columns fill the window below the header at every
 * width without the page scrolling. Measured rather than guessed from the header's height, which
 * changes with the width and the demo badge. null until measured.
 */
export function useFillHeight(element: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const node = element.current;
      if (!node) return;
      const rect = node.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const below = Math.max(0, document.documentElement.scrollHeight - (rect.bottom + window.scrollY));
      const next = Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - below));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [element]);
  return height;
}
