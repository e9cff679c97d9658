import { DEFAULT_ACK_PHRASES, normaliseAckPhrase } from '@wadesk/contract';

// Pictographs with what may join or modify them: skin tones, ZWJ sequences, variation selectors, keycaps
// and flags (regional indicators), tags (subdivision flags), separated by whitespace.
const EMOJI_ONLY =
  /^(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{e0020}-\u{e007f}]|\u200d|\ufe0e|\ufe0f|\u20e3|\s)+$/u;

/** Whether the text is nothing but emoji (digits and "#" are emoji in Unicode's list, never here). */
export function isEmojiOnly(text: string): boolean {
  return /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(text) && EMOJI_ONLY.test(text);
}

const DEFAULT_SET = new Set(DEFAULT_ACK_PHRASES.map(normaliseAckPhrase));

/**
 * A message that only thanks or acknowledges (docs/decisions/0017-group-modes.md): its whole text is one of
 * the organisation's phrases (null: the default list), or only emoji. It joins an active ticket but never
 * opens one. Media, even with such a caption, is not an acknowledgement: a photo may be the question.
 */
export function isAcknowledgement(
  message: { body: string; hasMedia: boolean },
  phrases: readonly string[] | null,
): boolean {
  if (message.hasMedia) return false;
  const text = message.body.trim();
  if (!text) return false;
  if (isEmojiOnly(text)) return true;
  const list = phrases ? new Set(phrases.map(normaliseAckPhrase)) : DEFAULT_SET;
  return list.has(normaliseAckPhrase(text));
}
