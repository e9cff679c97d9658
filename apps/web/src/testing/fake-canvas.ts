import { vi } from 'vitest';

/**
 * jsdom has no canvas: `getContext('2d')` answers null, and echarts (zrender) throws when it paints. This
 * gives every canvas a 2D context that draws nothing (any method is a no-op, text measures 6 px a character),
 * so a screen with charts renders in a test as it does in a browser; what the charts show is tested on their
 * options. Undone after each test (setup-tests.ts restores every mock).
 */
export function stubCanvas(): void {
  const context = (canvas: HTMLCanvasElement): CanvasRenderingContext2D => {
    const state: Record<PropertyKey, unknown> = { canvas };
    return new Proxy(state, {
      get(target, key) {
        if (key in target) return target[key];
        if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
        if (key === 'getImageData' || key === 'createImageData')
          return () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 });
        if (key === 'createLinearGradient' || key === 'createRadialGradient' || key === 'createPattern')
          return () => ({ addColorStop: () => {} });
        if (key === 'getLineDash') return () => [];
        if (key === 'isPointInPath' || key === 'isPointInStroke') return () => false;
        return () => {};
      },
      set(target, key, value) {
        target[key] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return context(this);
  } as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,');
  // jsdom lays nothing out: echarts warns of a container 0 px wide. A laptop's chart card instead.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
}
