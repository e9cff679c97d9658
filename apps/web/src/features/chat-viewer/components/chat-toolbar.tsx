import { SearchIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '@/shared/ui/button';
import { AuthorSelect } from './author-select';

interface ChatToolbarProps {
  /** The chat's size in words, e.g. "52 messages, 3 system notices". */
  countLabel: string;
  authors: string[];
  sender: string | null;
  onSender(author: string): void;
  searchOpen: boolean;
  onToggleSearch(): void;
  /** Holds the search toggle (and the dropdown), so the toggle can be focused again after a jump. */
  searchAnchorRef?: Ref<HTMLDivElement>;
  onClear(): void;
  /** A tooltip on Clear Chat, e.g. that a saved chat's copy stays. */
  clearHint?: string;
  /** Buttons placed before Clear Chat. */
  actions?: ReactNode;
  /** A full-width row under the tools, e.g. the drill-down's filter chip. */
  notice?: ReactNode;
  /** The desktop search dropdown, anchored under the toggle. */
  searchDropdown: ReactNode;
  stickyClass: string;
}

export function ChatToolbar(props: ChatToolbarProps) {
  const {
    countLabel,
    authors,
    sender,
    onSender,
    searchOpen,
    onToggleSearch,
    searchAnchorRef,
    onClear,
    clearHint,
    actions,
    notice,
    searchDropdown,
    stickyClass,
  } = props;
  return (
    <div
      role="toolbar"
      aria-label="Chat tools"
      className={`sticky z-20 flex flex-wrap items-center gap-x-2 gap-y-2 sm:gap-x-3 border-b border-slate-200 bg-white/95 px-3 py-2.5 backdrop-blur sm:px-4 ${stickyClass}`}
    >
      <span
        className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 tabular-nums"
        data-testid="message-count"
      >
        {countLabel}
      </span>
      {/* Below the count and the buttons on phones; between them on larger screens. */}
      <AuthorSelect
        authors={authors}
        value={sender}
        onChange={onSender}
        label="View as"
        className="order-last w-full sm:order-none sm:mr-auto sm:w-auto"
        selectClassName="flex-1 sm:max-w-52 sm:flex-none"
      />
      <div ref={searchAnchorRef} className="relative ml-auto sm:ml-0">
        <Button
          variant={searchOpen ? 'primary' : 'secondary'}
          size="md"
          icon={<SearchIcon className="size-4" />}
          aria-expanded={searchOpen}
          aria-label="Search messages"
          onClick={onToggleSearch}
        >
          <span className="hidden sm:inline">Search</span>
        </Button>
        {searchDropdown}
      </div>
      {actions}
      <Button
        variant="ghost"
        size="md"
        icon={<Trash2Icon className="size-4" />}
        onClick={onClear}
        className="text-red-700 hover:bg-red-50"
        aria-label="Clear Chat"
        aria-haspopup="dialog"
        title={clearHint ?? 'Clear Chat'}
      >
        <span className="hidden sm:inline">Clear Chat</span>
      </Button>
      {notice ? <div className="order-last w-full">{notice}</div> : null}
    </div>
  );
}
