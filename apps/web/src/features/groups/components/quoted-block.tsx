import type { GroupMessage } from '@wadesk/contract';
import { kindLabel } from '@/features/groups/utils/message-kind';
import { formatPhone } from '@/shared/format/phone';
import { jpegData } from './media-block';

/** Who wrote the quoted message: "You" for the linked account, their name, else their number; null when nobody knows. */
export function quotedAuthor(message: GroupMessage): string | null {
  if (message.quoted_from_me) return 'You';
  if (message.quoted_participant_name) return message.quoted_participant_name;
  const number = message.quoted_participant_number;
  return number ? formatPhone(number) : null;
}

/** The message a reply quotes: who, and its text or an image preview with the type. */
export function QuotedBlock({ message }: { message: GroupMessage }) {
  const quoted = message.quoted_msg;
  if (!message.has_quoted_msg || !quoted) return null;
  const label = kindLabel(quoted.type);
  const author = quotedAuthor(message);
  return (
    <div className="mb-1 flex gap-2 overflow-hidden rounded-md border-l-4 border-brand-500 bg-slate-900/5 px-2 py-1.5">
      <div className="min-w-0 flex-1">
        {author ? (
          <p className="truncate text-xs font-semibold text-brand-800" data-quote-author>
            {author}
          </p>
        ) : null}
        {label ? <p className="text-xs font-medium text-slate-600">{label}</p> : null}
        {quoted.body ? (
          <p className="line-clamp-3 text-xs whitespace-pre-wrap break-words text-slate-600">{quoted.body}</p>
        ) : null}
      </div>
      {quoted.media_base64 ? (
        <img
          src={jpegData(quoted.media_base64)}
          alt={`Quoted ${(label ?? 'message').toLowerCase()}`}
          className="size-12 shrink-0 rounded object-cover"
        />
      ) : null}
    </div>
  );
}
