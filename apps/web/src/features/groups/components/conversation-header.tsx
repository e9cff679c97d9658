import type { SessionGroup } from '@wadesk/contract';
import {
  ArrowLeftIcon,
  CalendarIcon,
  ChevronDownIcon,
  ChevronUpIcon,
  RefreshCcwIcon,
  SearchIcon,
} from 'lucide-react';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { GroupModeControl } from './group-mode-control';
import { GroupSatisfactionControl } from './group-satisfaction-control';
import { SessionBadge } from './session-badge';

interface ConversationHeaderProps {
  group: SessionGroup;
  onBack?: () => void;
  onPrev: () => void;
  onNext: () => void;
  onSync: () => void;
  /** Opens or closes the search bar / the date bar below the header. */
  onSearch: () => void;
  onDate: () => void;
  tool: 'search' | 'date' | null;
  paging: 'prev' | 'next' | 'jump' | null;
  syncing: boolean;
  /** Nothing shown yet: paging has no anchor. */
  empty: boolean;
}

// Phones get the short words; the buttons' accessible names are always the long ones.
function Label({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{long}</span>
    </>
  );
}

/**
 * The group's name, its ticket mode and open tickets, its satisfaction poll, and the three buttons: previous messages, more
 * messages, Sync All Old Messages.
 */
export function ConversationHeader({
  group,
  onBack,
  onPrev,
  onNext,
  onSync,
  onSearch,
  onDate,
  tool,
  paging,
  syncing,
  empty,
}: ConversationHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-white px-3 py-2.5 sm:px-4">
      <div className="flex items-center gap-3">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            aria-label="Back to groups"
            className="-ml-1 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100"
          >
            <ArrowLeftIcon />
          </button>
        ) : null}
        <Avatar name={group.name} className="size-9 text-xs" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900" title={group.name}>
            {group.name}
          </h2>
          <SessionBadge name={group.session_name} />
        </div>
        <button
          type="button"
          onClick={onSearch}
          aria-label="Search messages"
          aria-pressed={tool === 'search'}
          data-testid="group-search-toggle"
          className={`${tool === 'search' ? 'bg-brand-50 text-brand-800' : 'text-slate-600'} rounded-lg p-2 hover:bg-slate-100`}
        >
          <SearchIcon className="size-5" />
        </button>
        <button
          type="button"
          onClick={onDate}
          aria-label="Go to date"
          aria-pressed={tool === 'date'}
          data-testid="group-date-toggle"
          className={`${tool === 'date' ? 'bg-brand-50 text-brand-800' : 'text-slate-600'} rounded-lg p-2 hover:bg-slate-100`}
        >
          <CalendarIcon className="size-5" />
        </button>
      </div>
      <GroupModeControl group={group} />
      <GroupSatisfactionControl group={group} />
      <div className="mt-2.5 flex flex-wrap gap-1.5">
        <Button
          variant="secondary"
          size="md"
          className="px-2.5"
          data-testid="group-previous-messages"
          icon={<ChevronUpIcon className="hidden size-4 sm:block" />}
          busy={paging === 'prev'}
          disabled={empty || paging !== null}
          onClick={onPrev}
          aria-label="Previous messages"
        >
          <Label short="Previous" long="Previous messages" />
        </Button>
        <Button
          variant="secondary"
          size="md"
          className="px-2.5"
          icon={<ChevronDownIcon className="hidden size-4 sm:block" />}
          busy={paging === 'next'}
          disabled={empty || paging !== null}
          onClick={onNext}
          aria-label="More messages"
        >
          <Label short="More" long="More messages" />
        </Button>
        <Button
          size="md"
          className="px-2.5"
          icon={<RefreshCcwIcon className="hidden size-4 sm:block" />}
          busy={syncing}
          onClick={onSync}
          aria-label="Sync All Old Messages"
        >
          <Label short="Sync all" long="Sync All Old Messages" />
        </Button>
      </div>
    </header>
  );
}
