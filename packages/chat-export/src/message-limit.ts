/**
 * The longest message text kept, in UTF-16 code units: WhatsApp's own limit for one message. A longer
 * text (a pasted document, a broken export) is cut here with a visible marker, the same in the browser
 * and on the server, since both parse with parseChat; the contract's message schema allows the marker.
 */
export const MESSAGE_TEXT_MAX = 65_536;

/** What a cut text ends with. */
export const cutMarker = (max = MESSAGE_TEXT_MAX) =>
  `\n… message cut at ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} characters`;

/** The text cut to MESSAGE_TEXT_MAX with the marker, or the text itself when it fits. */
export function cutToLimit(text: string, max = MESSAGE_TEXT_MAX): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: a lone half cannot be stored.
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + cutMarker(max);
}
