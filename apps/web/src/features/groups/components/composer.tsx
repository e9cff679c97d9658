import { useMutation } from '@tanstack/react-query';
import {
  attachmentKindOf,
  COMPOSER_LIMITS,
  type ComposerAttachmentKind,
  composerMessages,
  composerSizeText,
  MAX_REPLY_LENGTH,
  type SessionGroup,
} from '@wadesk/contract';
import { FileIcon, FileVideoIcon, ImageIcon, PaperclipIcon, SendIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { sendGroupMessage } from '@/features/groups/api/groups-api';
import { useSessionConnected } from '@/features/groups/hooks/use-session-connected';
import { composerDrafts } from '@/features/groups/utils/composer-drafts';
import { errorMessage } from '@/shared/api/api-error';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { EmojiPicker } from './emoji-picker';

export const COMPOSER_TEXT = {
  label: 'Message',
  placeholder: 'Type a message',
  captionPlaceholder: 'Add a caption',
  attach: 'Attach a photo, video or document',
  send: 'Send',
  sending: 'Sending',
  remove: 'Remove the attachment',
  failed: 'The message could not be sent. Try again.',
  notConnected:
    "This group's WhatsApp session is not connected, so nobody can write here now. Reconnect it on the Sessions page.",
  hint: 'Enter sends, Shift+Enter starts a new line.',
} as const;

const KIND_WORDS: Record<ComposerAttachmentKind, string> = {
  image: 'Photo',
  video: 'Video',
  document: 'Document',
};
const KIND_ICONS: Record<ComposerAttachmentKind, typeof FileIcon> = {
  image: ImageIcon,
  video: FileVideoIcon,
  document: FileIcon,
};

/** At most about five lines tall, then it scrolls. */
const MAX_FIELD_HEIGHT = 128;

interface ComposerProps {
  group: SessionGroup;
  /** WhatsApp took the message: the conversation shows its end, where the message's echo will appear. */
  onSent?: () => void;
}

/**
 * Writes into the open group as its session's linked account (docs/decisions/0024-group-composer.md): a
 * text, an emoji from the picker, and one photo, video or document with the text as its caption. Enter
 * sends, Shift+Enter starts a new line. The message shows in the conversation when its echo arrives
 * (`messages.new`) with its ticks. What is typed is the group's draft, kept while switching groups. Mount
 * it keyed by group.
 */
export function Composer({ group, onSent }: ComposerProps) {
  const { session_id: sessionId, group_id: groupId } = group;
  const [text, setTextState] = useState(() => composerDrafts.text(sessionId, groupId));
  const [file, setFileState] = useState<File | null>(() => composerDrafts.file(sessionId, groupId));
  const [progress, setProgress] = useState<number | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const ids = { field: useId(), hint: useId(), reason: useId() };
  const connected = useSessionConnected(sessionId);
  const disabled = connected === false;

  const send = useMutation({
    mutationFn: (input: { text: string; file: File | null }) =>
      sendGroupMessage({ sessionId, groupId, ...input }, (p) => setProgress(p.fraction)),
    onSettled: () => setProgress(null),
  });

  function setText(value: string): void {
    setTextState(value);
    composerDrafts.setText(sessionId, groupId, value);
  }
  function setFile(value: File | null): void {
    setFileState(value);
    composerDrafts.setFile(sessionId, groupId, value);
  }

  // The field grows with its text up to about five lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_FIELD_HEIGHT)}px`;
  }, [text]);

  function choose(chosen: File | undefined): void {
    if (!chosen) return;
    const kind = attachmentKindOf(chosen.type);
    // Refused here, before anything is uploaded, in the server's own words.
    if (chosen.size > COMPOSER_LIMITS[kind]) {
      toast.error(composerMessages.tooLarge(kind));
      return;
    }
    setFile(chosen);
    field.current?.focus();
  }

  function insertEmoji(emoji: string): void {
    const element = field.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`;
    if (next.length > MAX_REPLY_LENGTH) return;
    setText(next);
    // Where the caret was, after the emoji, once React has written the new value.
    requestAnimationFrame(() => element?.setSelectionRange(start + emoji.length, start + emoji.length));
  }

  function submit(): void {
    const trimmed = text.trim();
    if ((!trimmed && !file) || send.isPending || disabled) return;
    const sentText = text;
    const sentFile = file;
    send.mutate(
      { text: trimmed, file },
      {
        // Cleared only if nothing new was typed or chosen while it was being sent.
        onSuccess: () => {
          if (composerDrafts.text(sessionId, groupId) === sentText) setText('');
          if (composerDrafts.file(sessionId, groupId) === sentFile) setFile(null);
          onSent?.();
        },
        onError: (error) => toast.error(errorMessage(error, COMPOSER_TEXT.failed)),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    // Not while an input method is composing a character: its Enter picks the character.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  const kind = file ? attachmentKindOf(file.type) : null;
  const KindIcon = kind ? KIND_ICONS[kind] : FileIcon;
  const canSend = !disabled && !send.isPending && (text.trim() !== '' || file !== null);
  return (
    <section
      aria-label="Write a message"
      className="shrink-0 border-t border-slate-200 bg-[#f0f2f5] px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      {disabled ? (
        <p id={ids.reason} className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {COMPOSER_TEXT.notConnected}
        </p>
      ) : null}
      {file && kind ? (
        <div className="mb-2 flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
          <KindIcon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-slate-600">
              {KIND_WORDS[kind]}, {composerSizeText(file.size)}
              {progress !== null ? ` · uploading ${Math.round(progress * 100)}%` : ''}
            </p>
          </div>
          <button
            type="button"
            aria-label={COMPOSER_TEXT.remove}
            title={COMPOSER_TEXT.remove}
            disabled={send.isPending}
            onClick={() => {
              setFile(null);
              field.current?.focus();
            }}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-1">
        <EmojiPicker onPick={insertEmoji} disabled={disabled} />
        <button
          type="button"
          aria-label={COMPOSER_TEXT.attach}
          title={COMPOSER_TEXT.attach}
          disabled={disabled || send.isPending}
          onClick={() => picker.current?.click()}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <PaperclipIcon aria-hidden="true" className="size-5" />
        </button>
        <input
          ref={picker}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = ''; // the same file may be chosen again after removing it
          }}
        />
        <label htmlFor={ids.field} className="sr-only">
          {COMPOSER_TEXT.label}
        </label>
        <textarea
          id={ids.field}
          ref={field}
          rows={1}
          value={text}
          disabled={disabled}
          maxLength={MAX_REPLY_LENGTH}
          placeholder={file ? COMPOSER_TEXT.captionPlaceholder : COMPOSER_TEXT.placeholder}
          aria-describedby={disabled ? `${ids.reason} ${ids.hint}` : ids.hint}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="block max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-slate-100"
        />
        <button
          type="button"
          aria-label={send.isPending ? COMPOSER_TEXT.sending : COMPOSER_TEXT.send}
          title={COMPOSER_TEXT.send}
          disabled={!canSend}
          aria-busy={send.isPending || undefined}
          onClick={submit}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {send.isPending ? (
            <Spinner className="size-5" />
          ) : (
            <SendIcon aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <p id={ids.hint} className="sr-only">
        {COMPOSER_TEXT.hint}
      </p>
    </section>
  );
}
