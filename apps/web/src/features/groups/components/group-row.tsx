import type { SessionGroup } from '@wadesk/contract';
import { groupLabel } from '@/features/groups/utils/group-filter';
import { listTime } from '@/features/groups/utils/list-time';
import { Avatar } from '@/shared/ui/avatar';
import { GroupTicketBadges } from './group-ticket-badges';
import { SessionBadge } from './session-badge';

interface GroupRowProps {
  group: SessionGroup;
  current: boolean;
  onSelect: (group: SessionGroup) => void;
}

/** "You: …" for our own message, "Ravi: …" for someone named, the preview alone otherwise. */
function previewText(last: NonNullable<SessionGroup['last_message']>): string {
  const who = last.from_me ? 'You' : last.author_name;
  return who ? `${who}: ${last.preview}` : last.preview;
}

/** One group in the list: name and time, last message and unread count, session, ticket mode and count. */
export function GroupRow({ group, current, onSelect }: GroupRowProps) {
  const last = group.last_message;
  // The open group is being read: its count is on its way to 0 (a list refresh may come first).
  const unread = current ? 0 : group.unread_count;
  const unreadLabel = `${unread} unread ${unread === 1 ? 'message' : 'messages'}`;
  return (
    <button
      type="button"
      onClick={() => onSelect(group)}
      aria-current={current ? 'true' : undefined}
      title={group.name}
      className={`flex w-full items-start gap-3 border-l-4 px-3 py-2.5 text-left transition-colors ${
        current ? 'border-brand-600 bg-brand-50/70' : 'border-transparent hover:bg-slate-50'
      }`}
    >
      <Avatar name={group.name} className="mt-0.5 size-10 text-sm" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
            {groupLabel(group.name)}
          </span>
          {last ? (
            <time
              dateTime={new Date(last.timestamp * 1000).toISOString()}
              className={`shrink-0 text-[0.7rem] tabular-nums ${
                unread > 0 ? 'font-semibold text-brand-700' : 'text-slate-500'
              }`}
            >
              {listTime(last.timestamp)}
            </time>
          ) : null}
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span
            className={`min-w-0 flex-1 truncate text-xs ${last ? 'text-slate-600' : 'text-slate-400 italic'}`}
            data-testid="group-preview"
          >
            {last ? previewText(last) : 'No messages yet'}
          </span>
          {unread > 0 ? (
            <span
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[0.68rem] font-bold text-white tabular-nums"
              title={unreadLabel}
            >
              <span aria-hidden="true">{unread > 999 ? '999+' : unread}</span>
              <span className="sr-only">{unreadLabel}</span>
            </span>
          ) : null}
        </span>
        <span className="mt-1 flex min-w-0 flex-wrap items-center gap-1.5">
          <SessionBadge name={group.session_name} />
          <GroupTicketBadges group={group} />
        </span>
      </span>
    </button>
  );
}
