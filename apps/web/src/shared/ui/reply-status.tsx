import { useMutation } from '@tanstack/react-query';
import type { ReplyState } from '@wadesk/contract';
import { CheckCheckIcon, CheckIcon, CircleAlertIcon, Clock3Icon, RotateCwIcon } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { retryGroupMessage, retryReply } from '@/shared/api/reply-retry';
import { formatDateTime } from '@/shared/format/format';
import { formatPhone } from '@/shared/format/phone';
import { usePinnedPopover } from '@/shared/hooks/use-pinned-popover';
import { Button } from './button';
import { toast } from './toast';

export const REPLY_STATUS_TEXT = {
  pending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  refused: 'Not sent: WhatsApp refused the message.',
  retry: 'Retry',
  retried: 'Sent again',
  retriedToast: 'Reply sent again.',
  retryFailed: 'The reply could not be sent again. Try again.',
} as const;

const TICKS: Record<Exclude<ReplyState['status'], 'failed'>, { icon: ReactNode; label: string }> = {
  pending: { icon: <Clock3Icon aria-hidden="true" className="size-3.5 text-slate-500" />, label: 'pending' },
  sent: { icon: <CheckIcon aria-hidden="true" className="size-4 text-slate-500" />, label: 'sent' },
  delivered: {
    icon: <CheckCheckIcon aria-hidden="true" className="size-4 text-slate-500" />,
    label: 'delivered',
  },
  // WhatsApp's blue, a shade darker so that it stands out on the light green of an own message.
  read: { icon: <CheckCheckIcon aria-hidden="true" className="size-4 text-sky-600" />, label: 'read' },
};

interface ReplyStatusProps {
  state: ReplyState;
  /** WhatsApp's id of the reply (Retry names it). */
  waId: string;
}

/**
 * What became of a reply sent from the desk, as WhatsApp shows it on one's own messages: a clock while
 * WhatsApp's server has not taken it, one grey tick once it has, two grey ticks when every recipient's
 * phone has it, two blue ones when every recipient read it; in a group "Read by N", naming the readers
 * on hover or tap. A refused reply says why in red and offers Retry, which sends it again as a new
 * message. Used wherever desk replies show: the ticket's conversation and the group chat.
 */
export function ReplyStatus({ state, waId }: ReplyStatusProps) {
  if (state.status === 'failed') return <ReplyRefused state={state} waId={waId} />;
  const tick = TICKS[state.status];
  const label = REPLY_STATUS_TEXT[state.status];
  return (
    <div className="inline-flex items-center gap-1.5" data-reply-status={state.status}>
      <span title={label} className="inline-flex" data-tick={tick.label}>
        {tick.icon}
        <span className="sr-only">{label}</span>
      </span>
      {state.recipients !== null && state.read_by.length > 0 ? <ReadBy readers={state.read_by} /> : null}
    </div>
  );
}

/** A click inside a bubble stays there: the group chat's bubbles react to clicks themselves. */
const inside = (event: MouseEvent) => event.stopPropagation();

function ReadBy({ readers }: { readers: ReplyState['read_by'] }) {
  // Shown while a mouse hovers, and kept open by a click or tap until the next one (or Escape).
  const { open, id, area, button } = usePinnedPopover();
  return (
    // A tap also "enters" the element: only a mouse opens the list by hovering.
    <div className="relative" {...area}>
      <button
        {...button}
        className="rounded font-semibold text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Read by {readers.length}
      </button>
      {open ? (
        <div
          id={id}
          className="absolute right-0 bottom-full z-20 mb-1 w-60 max-w-[80vw] rounded-lg border border-slate-200 bg-white p-2 text-left text-xs font-normal text-slate-800 shadow-lg"
        >
          <p className="mb-1 font-semibold text-slate-600">Read by</p>
          <ul className="max-h-48 space-y-1 overflow-y-auto">
            {readers.map((reader, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: readers have no id, and the list only grows at its end
              <li key={index} className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate">
                  {reader.name ?? (reader.number ? formatPhone(reader.number) : 'Unknown')}
                </span>
                <time dateTime={reader.at} className="shrink-0 text-slate-600 tabular-nums">
                  {formatDateTime(reader.at)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ReplyRefused({ state, waId }: ReplyStatusProps) {
  // Marked at once: the event saying it was sent again may come after a second click would.
  const [sentAgain, setSentAgain] = useState(false);
  const retry = useMutation({
    // A reply on a ticket is sent again there; a message the group composer wrote has no ticket.
    mutationFn: async (ticketId: number | null): Promise<void> => {
      if (ticketId !== null) await retryReply(ticketId, waId);
      else await retryGroupMessage(waId);
    },
    onSuccess: () => {
      setSentAgain(true);
      toast.success(REPLY_STATUS_TEXT.retriedToast);
    },
    onError: (error) => toast.error(errorMessage(error, REPLY_STATUS_TEXT.retryFailed)),
  });
  const ticketId = state.ticket_id;
  return (
    <div
      className="mt-1.5 w-full rounded-lg border border-red-200 bg-red-50 px-2 py-1.5 text-left text-xs text-red-800"
      data-reply-status="failed"
    >
      <p className="flex items-start gap-1.5">
        <CircleAlertIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span className="min-w-0 whitespace-normal">{state.failure ?? REPLY_STATUS_TEXT.refused}</span>
      </p>
      {state.retried || sentAgain ? (
        <p className="mt-1 text-right font-semibold">{REPLY_STATUS_TEXT.retried}</p>
      ) : (
        <div className="mt-1 flex justify-end">
          <Button
            size="md"
            variant="danger"
            className="h-7"
            busy={retry.isPending}
            icon={<RotateCwIcon aria-hidden="true" className="size-3.5" />}
            onClick={(event) => {
              inside(event);
              retry.mutate(ticketId);
            }}
          >
            {REPLY_STATUS_TEXT.retry}
          </Button>
        </div>
      )}
    </div>
  );
}
