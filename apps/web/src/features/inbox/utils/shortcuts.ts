export type InboxAction = 'next' | 'previous' | 'reply' | 'close' | 'assignToMe' | 'help';

/** The inbox's keys, as the shortcut sheet lists them. */
export const INBOX_SHORTCUTS: readonly { key: string; action: InboxAction; does: string }[] = [
  { key: 'j', action: 'next', does: 'Open the next ticket' },
  { key: 'k', action: 'previous', does: 'Open the previous ticket' },
  { key: 'r', action: 'reply', does: 'Write a reply' },
  { key: 'e', action: 'close', does: 'Close the ticket' },
  { key: 'a', action: 'assignToMe', does: 'Assign the ticket to me' },
  { key: '?', action: 'help', does: 'Show these shortcuts' },
];

const BY_KEY = new Map(INBOX_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.action]));

/** Inputs that take no typed text: a key pressed on them is the inbox's. */
const NOT_TYPED = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** Somewhere typing goes: a text field, a select (letters choose an option), an editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  defaultPrevented: boolean;
}

/**
 * The inbox action a key press asks for, or null: never while typing, with Ctrl, Cmd or Alt held (the
 * browser's and the system's shortcuts), or once something else handled the key. Shift is allowed: it
 * makes the "?".
 */
export function inboxActionOf(event: KeyLike): InboxAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  return BY_KEY.get(event.key) ?? null;
}
