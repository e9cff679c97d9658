import { type ComponentType, lazy, Suspense, useState } from 'react';

interface OverlayProps {
  open: boolean;
  onClose: () => void;
}

/**
 * An overlay whose code (and the dialog library under it) loads the first time it opens, so the landing
 * page's first load carries none of it. Once opened it stays mounted, so it animates closed and returns
 * focus like any other dialog.
 */
function loadedOnOpen(load: () => Promise<ComponentType<OverlayProps>>) {
  const Overlay = lazy(async () => ({ default: await load() }));
  return function LazyOverlay({ open, onClose }: OverlayProps) {
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Overlay open={open} onClose={onClose} />
      </Suspense>
    );
  };
}

export const DemoModal = loadedOnOpen(async () => (await import('./demo-modal')).DemoModal);
export const LandingDrawer = loadedOnOpen(async () => (await import('./landing-drawer')).LandingDrawer);
