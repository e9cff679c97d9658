import { zonedFormat } from './time-zone';

/** Cuts text over `max` characters to `max` followed by "...", as the product's lists do. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const dateTime = zonedFormat('en-IN', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * en-IN with year, short month, day, hour and minute, e.g. "5 Mar 2024, 02:07 pm", in the member's time
 * zone (time-zone.ts).
 */
export function formatDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime().format(date);
}
