import { ChevronDownIcon, HistoryIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useOptionalSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { useAppDrawer } from '@/shared/ui/drawer-context';
import { NavBadge, NavSection } from '@/shared/ui/nav-item';
import { SavedChatRows } from './saved-chat-rows';

/** The mobile drawer's Previous Chats dropdown; nothing for a visitor. */
export function PreviousChatsDropdown() {
  const saved = useOptionalSavedChats();
  const { setOpen } = useAppDrawer();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (!saved || saved.status === 'signed-out') return null;

  return (
    <div>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <HistoryIcon />
        <span className="flex-1 truncate text-left">Previous Chats</span>
        {saved.chats.length > 0 ? <NavBadge>{saved.chats.length}</NavBadge> : null}
        <ChevronDownIcon className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
      </button>
      {expanded ? (
        <div id={listId} className="mt-1 ml-4 border-l border-slate-200 pl-2">
          <SavedChatRows actions="always" onLeave={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}

/** The desktop sidebar's Previous Chats section; nothing for a visitor. */
export function PreviousChatsSection() {
  const saved = useOptionalSavedChats();
  if (!saved || saved.status === 'signed-out') return null;
  return (
    <div className="mt-6">
      <NavSection title="Previous Chats">
        <div className="max-h-[45dvh] overflow-y-auto">
          <SavedChatRows actions="hover" />
        </div>
      </NavSection>
    </div>
  );
}
