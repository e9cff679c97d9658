import type { MessageReaction, Reactor } from '@wadesk/contract';
import { formatPhone } from '@/shared/format/phone';
import { usePinnedPopover } from '@/shared/hooks/use-pinned-popover';

/** A reactor as the chat names people: "You" for the linked account, else name, else number. */
export function reactorName(reactor: Reactor): string {
  if (reactor.from_me) return 'You';
  return reactor.name ?? (reactor.number ? formatPhone(reactor.number) : 'Unknown');
}

/** "👍 2" under a bubble; who reacted shows on hover, focus and click (decision 0026). */
function ReactionChip({ reaction, own }: { reaction: MessageReaction; own: boolean }) {
  const popover = usePinnedPopover();
  const names = reaction.by.map(reactorName);
  return (
    <div className="relative" {...popover.area}>
      <button
        {...popover.button}
        aria-label={`${reaction.emoji} ${reaction.count}: ${names.join(', ')}`}
        className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-1.5 py-px text-xs text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true">{reaction.emoji}</span>
        {reaction.count > 1 ? (
          <span aria-hidden="true" className="tabular-nums">
            {reaction.count}
          </span>
        ) : null}
      </button>
      {popover.open ? (
        <div
          id={popover.id}
          className={`absolute top-full z-20 mt-1 w-56 max-w-[80vw] rounded-lg border border-slate-200 bg-white p-2 text-left text-xs text-slate-800 shadow-lg ${own ? 'right-0' : 'left-0'}`}
        >
          <p className="mb-1 font-semibold text-slate-600">Reacted with {reaction.emoji}</p>
          <ul className="max-h-48 space-y-1 overflow-y-auto">
            {reaction.by.map((reactor, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reactors have no id; the list is redrawn whole
              <li key={index} className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate">{reactorName(reactor)}</span>
                {reactor.number && reactor.name && !reactor.from_me ? (
                  <span className="shrink-0 text-slate-600 tabular-nums">{formatPhone(reactor.number)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The reactions under a message, one chip per emoji, the most used first (as the server sorts them). */
export function ReactionChips({ reactions, own }: { reactions: MessageReaction[]; own: boolean }) {
  if (reactions.length === 0) return null;
  return (
    <ul
      aria-label="Reactions"
      className={`-mt-1 flex flex-wrap gap-1 ${own ? 'justify-end' : 'justify-start'}`}
    >
      {reactions.map((reaction) => (
        <li key={reaction.emoji}>
          <ReactionChip reaction={reaction} own={own} />
        </li>
      ))}
    </ul>
  );
}
