import type { Notification } from '@wadesk/contract';
import { BellIcon, BellRingIcon, CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useNotifications } from '@/features/notifications/hooks/notifications-context';
import {
  type BrowserPermission,
  browserPermission,
  requestBrowserPermission,
} from '@/features/notifications/utils/browser-notifications';
import { formatDateTime } from '@/shared/format/format';
import { Button } from '@/shared/ui/button';
import { Drawer } from '@/shared/ui/dialog';

const PERMISSION_TEXTS: Partial<Record<BrowserPermission, string>> = {
  granted: 'Browser notifications are on: you are told when this tab is not in front.',
  denied: 'Browser notifications are blocked for this site. Allow them in the browser’s site settings.',
  unsupported: 'This browser cannot show notifications.',
};

function BrowserNotificationsSetting() {
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  if (permission === 'default') {
    return (
      <Button
        variant="secondary"
        size="md"
        fullWidth
        icon={<BellRingIcon className="size-4" />}
        onClick={async () => setPermission(await requestBrowserPermission())}
      >
        Enable browser notifications
      </Button>
    );
  }
  return <p className="text-xs text-slate-500">{PERMISSION_TEXTS[permission]}</p>;
}

function NotificationRow({
  item,
  onOpen,
  onMarkRead,
}: {
  item: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const read = item.read_at !== null;
  return (
    <li className="flex items-start">
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${read ? 'bg-transparent' : 'bg-brand-600'}`}
        />
        <span className="min-w-0">
          <span
            className={`block text-sm break-words ${read ? 'text-slate-600' : 'font-semibold text-slate-900'}`}
          >
            {item.title}
            {read ? null : <span className="sr-only"> (unread)</span>}
          </span>
          {item.body ? <span className="block truncate text-xs text-slate-600">{item.body}</span> : null}
          <span className="block text-xs text-slate-500">{formatDateTime(item.created_at)}</span>
        </span>
      </button>
      {read ? null : (
        <button
          type="button"
          onClick={onMarkRead}
          aria-label={`Mark read: ${item.title}`}
          title="Mark read"
          className="m-2 shrink-0 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CheckIcon aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}

/** The bell: the unread count, and a panel listing the member's notifications (decision 0022). */
export function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  if (!notifications) return null;
  const { items, unread, hasMore, loadOlder, markRead, markAllRead, open: openItem } = notifications;
  return (
    <>
      <button
        type="button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <BellIcon aria-hidden="true" className="size-5" />
        {unread ? (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white tabular-nums">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="Notifications"
        side="right"
        width="w-96 max-w-[92vw]"
      >
        <div className="space-y-3 border-b border-slate-200 p-4">
          <BrowserNotificationsSetting />
          {unread ? (
            <Button variant="secondary" size="md" fullWidth onClick={markAllRead}>
              Mark all as read
            </Button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">
            No notifications yet. New tickets, tickets waiting for a reply, SLA clocks breaching soon or
            breached, tickets given to you, customers writing back and mentions show up here.
          </p>
        ) : (
          <>
            <ul aria-label="Notifications" className="divide-y divide-slate-100">
              {items.map((item) => (
                <NotificationRow
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    if (item.ticket_id !== null) setOpen(false);
                    openItem(item);
                  }}
                  onMarkRead={() => markRead(item.id)}
                />
              ))}
            </ul>
            {hasMore ? (
              <div className="p-4">
                <Button variant="secondary" size="md" fullWidth onClick={loadOlder}>
                  Show older
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Drawer>
    </>
  );
}
