import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepCentred } from './keep-centred';

describe('keepCentred', () => {
  afterEach(() => vi.restoreAllMocks());

  function setup(top: () => number) {
    const root = document.createElement('div');
    const message = document.createElement('div');
    message.dataset.messageIndex = '7';
    root.append(message);
    vi.spyOn(message, 'getBoundingClientRect').mockImplementation(
      () => ({ top: top(), height: 40 }) as DOMRect,
    );
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
    const runFrame = () => frames.shift()?.(0);
    return { root, frames, runFrame };
  }

  it('moves the window until the message stands centred below the sticky bars, then stops', () => {
    let top = 700; // the centre below a 100 px bar in a 768 px window is at 434
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(((options: ScrollToOptions) => {
      top -= options.top ?? 0;
    }) as typeof window.scrollBy);
    const { root, frames, runFrame } = setup(() => top);
    keepCentred(root, 7, 100);
    runFrame();
    expect(scrollBy).toHaveBeenCalledWith({ top: 286, behavior: 'instant' });
    expect(top + 20).toBe((100 + window.innerHeight) / 2);
    for (let i = 0; i < 3; i++) runFrame();
    expect(frames).toHaveLength(0); // still for three frames: done
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('gives way as soon as the user scrolls', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { root, runFrame } = setup(() => 900);
    keepCentred(root, 7, 0);
    window.dispatchEvent(new Event('wheel'));
    runFrame();
    expect(scrollBy).toHaveBeenCalledTimes(0);
  });
});
