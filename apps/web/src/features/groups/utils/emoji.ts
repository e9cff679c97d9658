/**
 * The composer's emoji (docs/decisions/0024-group-composer.md): a small built-in set of what support
 * conversations use most, each with the name a screen reader says. No emoji package is installed, and the
 * phone's own keyboard offers every other one.
 */
export const COMMON_EMOJI: readonly { emoji: string; name: string }[] = [
  { emoji: '😀', name: 'Grinning face' },
  { emoji: '😂', name: 'Face with tears of joy' },
  { emoji: '😊', name: 'Smiling face with smiling eyes' },
  { emoji: '🙂', name: 'Slightly smiling face' },
  { emoji: '😉', name: 'Winking face' },
  { emoji: '😍', name: 'Smiling face with heart-eyes' },
  { emoji: '😅', name: 'Grinning face with sweat' },
  { emoji: '😎', name: 'Smiling face with sunglasses' },
  { emoji: '🤔', name: 'Thinking face' },
  { emoji: '😮', name: 'Face with open mouth' },
  { emoji: '😢', name: 'Crying face' },
  { emoji: '😡', name: 'Enraged face' },
  { emoji: '🥳', name: 'Partying face' },
  { emoji: '😴', name: 'Sleeping face' },
  { emoji: '🙏', name: 'Folded hands' },
  { emoji: '👍', name: 'Thumbs up' },
  { emoji: '👎', name: 'Thumbs down' },
  { emoji: '👏', name: 'Clapping hands' },
  { emoji: '🙌', name: 'Raising hands' },
  { emoji: '👋', name: 'Waving hand' },
  { emoji: '💪', name: 'Flexed biceps' },
  { emoji: '🤝', name: 'Handshake' },
  { emoji: '👀', name: 'Eyes' },
  { emoji: '❤️', name: 'Red heart' },
  { emoji: '🔥', name: 'Fire' },
  { emoji: '🎉', name: 'Party popper' },
  { emoji: '✨', name: 'Sparkles' },
  { emoji: '⭐', name: 'Star' },
  { emoji: '✅', name: 'Check mark button' },
  { emoji: '❌', name: 'Cross mark' },
  { emoji: '⚠️', name: 'Warning' },
  { emoji: '⏰', name: 'Alarm clock' },
  { emoji: '📦', name: 'Package' },
  { emoji: '🚚', name: 'Delivery truck' },
  { emoji: '📞', name: 'Telephone receiver' },
  { emoji: '📧', name: 'E-mail' },
  { emoji: '📄', name: 'Page facing up' },
  { emoji: '💰', name: 'Money bag' },
  { emoji: '🛠️', name: 'Hammer and wrench' },
  { emoji: '💡', name: 'Light bulb' },
];

/** Columns of the picker's grid: arrow keys move by one, up and down by a row. */
export const EMOJI_COLUMNS = 8;
