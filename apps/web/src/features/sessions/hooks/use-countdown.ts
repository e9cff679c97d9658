import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The QR code's countdown: 100 s, one tick per second. */
export const QR_SECONDS = 100;

/**
 * Counts down from `from` once a second while `runKey` is not null; a new `runKey` starts again from
 * `from`. At 0 it calls `onExpire` and shows `from` again (the caller hides the QR code then).
 */
export function useCountdown(runKey: number | null, onExpire: () => void, from = QR_SECONDS): number {
  const [left, setLeft] = useState(from);
  const expireRef = useRef(onExpire);
  useLayoutEffect(() => {
    expireRef.current = onExpire;
  });

  useEffect(() => {
    setLeft(from);
    if (runKey === null) return;
    let remaining = from;
    const timer = setInterval(() => {
      remaining -= 1;
      if (remaining > 0) {
        setLeft(remaining);
        return;
      }
      clearInterval(timer);
      setLeft(from);
      expireRef.current();
    }, 1000);
    return () => clearInterval(timer);
  }, [runKey, from]);

  return left;
}
