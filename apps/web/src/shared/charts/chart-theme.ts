import type { ChartOption } from './chart-spec';

// The product's WhatsApp green (index.css --color-brand-*) and WhatsApp's own teal and blue.
export const BRAND = {
  100: '#d9fbe6',
  200: '#b4f5cd',
  300: '#7debab',
  400: '#3fd883',
  500: '#25d366',
  600: '#19a84f',
  700: '#168442',
  800: '#176838',
  900: '#155630',
} as const;

/** Colours of series side by side (system event kinds): greens first, then distinct hues. */
export const SERIES_COLORS = [
  '#19a84f',
  '#128c7e',
  '#34b7f1',
  '#075e54',
  '#7debab',
  '#f59e0b',
  '#0e7490',
  '#a3e635',
  '#8b5cf6',
  '#ef4444',
  '#ec4899',
  '#64748b',
  '#94a3b8',
];

/** From few to many messages; cells without messages are EMPTY_CELL. */
export const HEAT_COLORS = [BRAND[100], BRAND[300], BRAND[500], BRAND[700], BRAND[900]];
export const EMPTY_CELL = '#f1f5f9';

export const TEXT_COLOR = '#475569';
export const MUTED_TEXT = '#64748b';
export const LINE_COLOR = '#cbd5e1';
export const SPLIT_COLOR = '#eef2f6';

const FONT =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"';

/**
 * Emoji labels ask for a colour emoji font before any text font: a text font's black-and-white
 * glyphs (DejaVu's ☕, 😂) would otherwise win.
 */
export const EMOJI_FONT =
  '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", "Twemoji Mozilla", sans-serif';

/** A grid whose axis labels stay inside its box (echarts 6's successor of `containLabel`). */
export const LABELS_INSIDE = { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const;

/** What every chart shares: the font, calm animation, a tooltip that stays in the chart. */
export function baseOption(): ChartOption {
  return {
    animationDuration: 300,
    textStyle: { fontFamily: FONT, color: TEXT_COLOR },
    tooltip: {
      confine: true,
      borderColor: LINE_COLOR,
      textStyle: { color: '#0f172a', fontSize: 12 },
      extraCssText: 'box-shadow: 0 4px 16px rgb(15 23 42 / 0.12); border-radius: 8px;',
    },
  };
}

/** Tooltips are HTML: chat text (names, words) must never become markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** "37 messages" / "1 message". */
export function messagesText(count: number, noun = 'message'): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? noun : `${noun}s`}`;
}

/** The (first) data point a tooltip formatter is given, as the fields a chart put there. */
export function pointOf<T>(params: unknown): T | undefined {
  return (Array.isArray(params) ? params[0] : params) as T | undefined;
}
