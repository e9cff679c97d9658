import type { SessionGroup } from '@wadesk/contract';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFillHeight } from '@/features/groups/hooks/use-fill-height';
import { useGroups } from '@/features/groups/hooks/use-groups';
import { groupKey } from '@/features/groups/utils/group-filter';
import { useDemoMode } from '@/shared/config/use-demo-mode';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { Button } from '@/shared/ui/button';
import { DemoModeBadge } from '@/shared/ui/demo-badge';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { Conversation } from './conversation';
import { GroupList } from './group-list';
import { NoActiveSession } from './no-active-session';
import { WelcomePanel } from './welcome-panel';

const panel = 'overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm';

/** The Whatsapp Chat page: groups on the left, the chosen group's messages on the right. */
export function WhatsappChatScreen() {
  const groups = useGroups();
  const demo = useDemoMode() || groups.driver === 'simulator';
  const mobile = useMediaQuery(MOBILE_QUERY);
  // The two columns fill the window below the page header at every width (measured: no page scroll).
  const columns = useRef<HTMLDivElement>(null);
  const fill = useFillHeight(columns);
  const height = 'h-[calc(100dvh-12rem)] min-h-80';
  const style = fill === null ? undefined : { height: fill };
  const [selected, setSelected] = useState<SessionGroup | null>(null);
  // A ticket's link (/whatsapp-chat?session=…&group=…&message=…) opens its group at that message, once.
  const [params, setParams] = useSearchParams();
  const [focus, setFocus] = useState<{ key: string; message?: string } | null>(null);
  const linkedSession = params.get('session');
  const linkedGroup = params.get('group');
  useEffect(() => {
    if (!linkedSession || !linkedGroup || groups.status === 'loading') return;
    const linked = groups.groups.find((g) => g.session_id === linkedSession && g.group_id === linkedGroup);
    if (linked) {
      setSelected(linked);
      setFocus({ key: groupKey(linked), message: params.get('message') ?? undefined });
    }
    setParams({}, { replace: true });
  }, [linkedSession, linkedGroup, groups.status, groups.groups, params, setParams]);
  // The chosen group as the latest list knows it (its name may have changed).
  const current = selected
    ? (groups.groups.find((group) => groupKey(group) === groupKey(selected)) ?? selected)
    : null;

  const header = (
    <PageHeader
      title={
        <span className="flex flex-wrap items-center gap-3">
          Whatsapp Chat {demo && !mobile ? <DemoModeBadge /> : null}
        </span>
      }
      description={
        mobile ? (
          demo ? (
            <DemoModeBadge />
          ) : undefined
        ) : (
          'The groups of your linked sessions and their messages.'
        )
      }
      actions={
        <Button
          variant="secondary"
          icon={<RefreshCwIcon className="size-4" />}
          onClick={() => void groups.refresh()}
          aria-label="Refresh groups"
        >
          <span className="hidden sm:inline">Refresh</span>
        </Button>
      }
    />
  );

  if (groups.status === 'loading') {
    return (
      <>
        {header}
        <div className={`${panel} flex items-center justify-center py-24 text-brand-700`}>
          <Spinner className="size-9" label="Loading groups" />
        </div>
      </>
    );
  }
  if (groups.groups.length === 0 && groups.activeSessions.length === 0) {
    return (
      <>
        {header}
        <NoActiveSession />
      </>
    );
  }

  const list = (
    <GroupList
      groups={groups.groups}
      activeSessions={groups.activeSessions}
      selected={current ? groupKey(current) : null}
      onSelect={(group: SessionGroup) => {
        setFocus(null);
        setSelected(group);
      }}
      waiting={groups.activeSessions.length > 0}
    />
  );

  if (mobile) {
    return (
      <>
        {header}
        <div ref={columns} style={style} className={`${panel} ${height}`} data-testid="chat-columns">
          {current ? (
            <Conversation
              key={groupKey(current)}
              group={current}
              onBack={() => setSelected(null)}
              focusMessage={focus?.key === groupKey(current) ? focus.message : undefined}
            />
          ) : (
            list
          )}
        </div>
      </>
    );
  }
  return (
    <>
      {header}
      <div
        ref={columns}
        style={style}
        className={`${panel} ${height} grid grid-cols-[16rem_1fr] lg:grid-cols-[18rem_1fr]`}
        data-testid="chat-columns"
      >
        <aside aria-label="Groups" className="min-h-0 border-r border-slate-200">
          {list}
        </aside>
        <section aria-label="Messages" className="min-h-0 min-w-0">
          {current ? (
            <Conversation
              key={groupKey(current)}
              group={current}
              focusMessage={focus?.key === groupKey(current) ? focus.message : undefined}
            />
          ) : (
            <WelcomePanel />
          )}
        </section>
      </div>
    </>
  );
}
