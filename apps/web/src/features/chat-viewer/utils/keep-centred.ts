/** How long after a jump the message is held in the centre while the rows around it are measured. */
export const KEEP_CENTRED_MS = 1200;

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * The virtual list places a far message by estimated row heights; as the rows around it are drawn and
 * measured, the message can end up off centre. For a short while after a jump this moves the window so
 * that the message stays centred in the part below the sticky bars (`stuckHeight`). It stops once the
 * message has stood still for a few frames, or as soon as the user scrolls. Returns a cancel function.
 */
export function keepCentred(
  root: HTMLElement | null,
  messageIndex: number,
  stuckHeight: number,
  durationMs = KEEP_CENTRED_MS,
): () => void {
  let frame = 0;
  let still = 0;
  let stopped = false;
  const until = performance.now() + durationMs;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const step = () => {
    if (stopped) return;
    const element = root?.querySelector<HTMLElement>(`[data-message-index="${messageIndex}"]`);
    if (element) {
      const rect = element.getBoundingClientRect();
      const offCentre = rect.top + rect.height / 2 - (stuckHeight + window.innerHeight) / 2;
      if (Math.abs(offCentre) > 2) {
        window.scrollBy({ top: offCentre, behavior: 'instant' });
        still = 0;
      } else if (++still >= 3) return stop();
    }
    if (performance.now() < until) frame = requestAnimationFrame(step);
    else stop();
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(step);
  return stop;
}
