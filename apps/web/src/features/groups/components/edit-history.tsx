import type { GroupMessage } from '@wadesk/contract';
import { formatDateTime } from '@/shared/format/format';
import { usePinnedPopover } from '@/shared/hooks/use-pinned-popover';

/**
 * "edited" beside an edited message's time; its click (or hover) shows the earlier versions, oldest first,
 * each with when its author replaced it (decision 0026). The bubble's text is the current one.
 */
export function EditHistory({ message }: { message: GroupMessage }) {
  const popover = usePinnedPopover();
  if (!message.edited_at) return null;
  const edits = message.edits ?? [];
  return (
    <div className="relative" {...popover.area}>
      <button
        {...popover.button}
        aria-label={`Edited ${formatDateTime(message.edited_at * 1000)}: show earlier versions`}
        className="rounded italic underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        edited
      </button>
      {popover.open ? (
        <div
          id={popover.id}
          className="absolute right-0 bottom-full z-20 mb-1 w-64 max-w-[80vw] rounded-lg border border-slate-200 bg-white p-2 text-left text-xs font-normal text-slate-800 shadow-lg"
        >
          <p className="mb-1 font-semibold text-slate-600">Earlier versions</p>
          {edits.length === 0 ? (
            <p className="text-slate-600">The earlier text is not stored here.</p>
          ) : (
            <ol className="max-h-56 space-y-1.5 overflow-y-auto">
              {edits.map((edit, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: versions have no id and only grow at their end
                <li key={index}>
                  <p className="break-words whitespace-pre-wrap">{edit.body || '(empty)'}</p>
                  <p className="text-slate-600">
                    Replaced{' '}
                    <time dateTime={new Date(edit.replaced_at * 1000).toISOString()}>
                      {formatDateTime(edit.replaced_at * 1000)}
                    </time>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </div>
  );
}
