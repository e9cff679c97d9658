import type { SessionGroup, SessionListItem } from '@wadesk/contract';
import { FunnelIcon, SearchIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { ALL_GROUP_SESSIONS, filterGroups, groupKey } from '@/features/groups/utils/group-filter';
import { Spinner } from '@/shared/ui/spinner';
import { GroupRow } from './group-row';

interface GroupListProps {
  groups: SessionGroup[];
  activeSessions: SessionListItem[];
  selected: string | null;
  onSelect: (group: SessionGroup) => void;
  /** Groups are still on their way from WhatsApp (a session is linked but none arrived yet). */
  waiting: boolean;
}

/** The left column: Enter Group Name, the session filter with the count, and the group rows. */
export function GroupList({ groups, activeSessions, selected, onSelect, waiting }: GroupListProps) {
  const [query, setQuery] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [sessionId, setSessionId] = useState(ALL_GROUP_SESSIONS);
  const selectId = useId();
  const shown = useMemo(() => filterGroups(groups, query, sessionId), [groups, query, sessionId]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 border-b border-slate-200 p-3">
        <div className="flex gap-2">
          <label className="relative flex-1">
            <span className="sr-only">Enter Group Name</span>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Enter Group Name"
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
            />
          </label>
          <button
            type="button"
            aria-label="Filter groups by session"
            aria-pressed={filterOpen}
            onClick={() => setFilterOpen(!filterOpen)}
            className={`flex size-10 shrink-0 items-center justify-center rounded-lg border transition-colors ${
              filterOpen
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-slate-300 text-slate-600 hover:bg-slate-50'
            }`}
          >
            <FunnelIcon className="size-4" />
          </button>
        </div>
        {filterOpen ? (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Session
            </label>
            <select
              id={selectId}
              value={sessionId}
              onChange={(event) => setSessionId(event.target.value)}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
            >
              <option value={ALL_GROUP_SESSIONS}>All</option>
              {activeSessions.map((session) => (
                <option key={session.sessionId} value={session.sessionId}>
                  {session.session_name}
                </option>
              ))}
            </select>
            <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
              {shown.length} {shown.length === 1 ? 'group' : 'groups'}
            </span>
          </div>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {waiting && groups.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-slate-600">
            <Spinner className="size-7 text-brand-700" label="Waiting for groups" />
            Your groups are on their way from WhatsApp…
          </div>
        ) : shown.length === 0 ? (
          <p className="px-6 py-12 text-center text-sm text-slate-500">No group matches “{query.trim()}”.</p>
        ) : (
          <ul aria-label="Groups">
            {shown.map((group) => {
              const key = groupKey(group);
              const current = key === selected;
              return (
                <li key={key}>
                  <GroupRow group={group} current={current} onSelect={onSelect} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
