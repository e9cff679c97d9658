import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * How long after a page lands above the list keeps correcting: its rows are drawn and measured by then. Both
 * must pass, the time and the frames: on a busy machine frames can come a second apart.
 */
const SETTLE_MS = 2000;
const SETTLE_FRAMES = 30;
/** Input that means the reader is scrolling on their own: the list stops correcting at once. */
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

interface Anchor {
  msgId: string;
  /** The message's top, from the scroller's top, in px. */
  offset: number;
}

/** The first message on screen (its bottom below the scroller's top, its top above its bottom). */
function readAnchor(scroller: HTMLElement): Anchor | null {
  const { top, bottom } = scroller.getBoundingClientRect();
  for (const element of scroller.querySelectorAll<HTMLElement>('[data-msg-id]')) {
    const box = element.getBoundingClientRect();
    if (box.bottom > top + 1 && box.top < bottom)
      return { msgId: element.dataset.msgId ?? '', offset: box.top - top };
  }
  return null;
}

/**
 * Keeps the message the reader was looking at in its place when a page of older messages lands above it.
 * react-virtuoso moves the list down by an estimate of the new rows' height (each as tall as the last row
 * it measured), then draws and measures the rows just above the screen; it corrects the difference only
 * while the reader is still scrolling up. A reader who stopped at the top to wait for the page saw the
 * conversation jump by the estimate's error — a few rows when the new page held photos. For a moment after
 * a page lands this hook measures where that message now is and scrolls back by the difference, until the
 * reader scrolls on their own (docs/decisions/0025-group-reading.md).
 *
 * Its own scroll is a scroll up, which turns virtuoso's correction on as well: the two corrected the same
 * difference twice and the list swung by hundreds of pixels, far enough to lose the message
 * (decision 0025). So it corrects only in a frame where the list has not moved since the frame before — virtuoso
 * has finished its part — and when the message is no longer drawn at all, asks `locate` (virtuoso's
 * scrollToIndex) to bring it back near its place first.
 *
 * Returns the callback to give virtuoso's `scrollerRef`, and `release` for a scroll the list makes on purpose
 * (Previous messages shows the page it fetched from its first message): the place is then not kept.
 */
export function useKeptPlace(
  firstIndex: number,
  generation: number,
  locate: (msgId: string, offset: number) => void,
) {
  const scroller = useRef<HTMLElement | null>(null);
  const settlingUntil = useRef(0);
  const previous = useRef({ firstIndex, generation });

  const stopSettling = useCallback(() => {
    settlingUntil.current = 0;
  }, []);

  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) => {
      for (const type of READER_INPUT) scroller.current?.removeEventListener(type, stopSettling);
      scroller.current = element instanceof HTMLElement ? element : null;
      for (const type of READER_INPUT)
        scroller.current?.addEventListener(type, stopSettling, { passive: true });
    },
    [stopSettling],
  );

  // A page put above in the same window. The place is read while this render runs, from the DOM as the
  // reader still sees it: by the layout effect, virtuoso may already have drawn the new rows above without
  // yet moving the list down, and the message on screen would then be one of them.
  const pending = useRef<Anchor | null>(null);
  const before = previous.current;
  if (firstIndex !== before.firstIndex || generation !== before.generation) {
    previous.current = { firstIndex, generation };
    pending.current =
      generation === before.generation && firstIndex < before.firstIndex && scroller.current
        ? readAnchor(scroller.current)
        : null;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per window change (the place read above)
  useLayoutEffect(() => {
    const kept = pending.current;
    pending.current = null;
    if (!kept) return;
    settlingUntil.current = performance.now() + SETTLE_MS;
    const selector = `[data-msg-id="${kept.msgId.replace(/["\\]/g, '\\$&')}"]`;
    let frame = 0;
    let frames = 0;
    // Where the list was at the last look (now, before virtuoso's first move), and whether `locate` was asked.
    let last = scroller.current?.scrollTop ?? 0;
    let located = false;
    const correct = () => {
      const element = scroller.current;
      const until = settlingUntil.current;
      if (!element || until === 0 || (performance.now() > until && frames >= SETTLE_FRAMES)) return;
      frames++;
      const moved = Math.abs(element.scrollTop - last) >= 1;
      last = element.scrollTop;
      if (!moved) {
        const row = element.querySelector<HTMLElement>(selector);
        if (row) {
          const drift = row.getBoundingClientRect().top - element.getBoundingClientRect().top - kept.offset;
          if (Math.abs(drift) >= 1) {
            element.scrollTop += drift;
            last = element.scrollTop;
          }
        } else if (!located) {
          located = true;
          locate(kept.msgId, kept.offset);
        }
      }
      frame = requestAnimationFrame(correct);
    };
    frame = requestAnimationFrame(correct);
    return () => cancelAnimationFrame(frame);
  }, [firstIndex, generation]);

  useEffect(
    () => () => {
      scrollerRef(null);
    },
    [scrollerRef],
  );

  return { scrollerRef, release: stopSettling };
}
