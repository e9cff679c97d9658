import type { GroupMessage } from '@wadesk/contract';
import { PhoneMissedIcon } from 'lucide-react';
import { formatTime } from '@/features/groups/utils/list-time';
import { formatDateTime } from '@/shared/format/format';
import { formatPhone } from '@/shared/format/phone';

/** "Missed voice call from Asha · 14:05": a call to the linked number from this group's member (decision 0026). */
export function MissedCallLine({ message }: { message: GroupMessage }) {
  const caller =
    message.author_name ?? (message.author_number ? formatPhone(message.author_number) : 'a group member');
  return (
    <div className="flex justify-center px-3 py-1" data-msg-id={message.msg_id}>
      <p className="inline-flex max-w-[85%] items-center gap-1.5 rounded-lg bg-white px-3 py-1 text-center text-xs text-slate-700 shadow-xs">
        <PhoneMissedIcon aria-hidden="true" className="size-3.5 shrink-0 text-red-600" />
        <span>
          {message.body || 'Missed call'} from {caller}
          <span aria-hidden="true"> · </span>
          <time
            dateTime={new Date(message.timestamp * 1000).toISOString()}
            title={formatDateTime(message.timestamp * 1000)}
            className="tabular-nums"
          >
            {formatTime(message.timestamp)}
          </time>
        </span>
      </p>
    </div>
  );
}
