import { useEffect, useState } from 'react';
import { FullPageSpinner } from '@/shared/ui/spinner';

const SHOW_AFTER_MS = 400;

/**
 * Shown while the first screen's chunk loads: blank at first, so a fast load shows no spinner at all,
 * and a spinner only when loading takes long enough to need one.
 */
export function RouteFallback() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return slow ? <FullPageSpinner label="Loading the page" /> : <div className="min-h-dvh bg-white" />;
}
