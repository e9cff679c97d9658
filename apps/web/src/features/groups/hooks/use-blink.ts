import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the bubbles of a clicked author blink. */
export const BLINK_MS = 3000;

/** Which author's bubbles blink; a new click (same or another author) starts the 3 s again. */
export function useBlink(duration = BLINK_MS) {
  const [blinking, setBlinking] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const blink = useCallback(
    (author: string) => {
      clearTimeout(timer.current);
      setBlinking(author);
      timer.current = setTimeout(() => setBlinking(null), duration);
    },
    [duration],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { blinking, blink };
}

/** The key the blink compares: our own messages share one key, others go by sender. */
export function authorKey(message: { from_me: boolean; author: string | null }): string {
  return message.from_me ? 'me' : (message.author ?? 'unknown');
}
