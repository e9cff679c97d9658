import { BellIcon, BellRingIcon } from 'lucide-react';
import { useState } from 'react';
import {
  type DeskNotification,
  useNotifications,
} from '@/features/notifications/hooks/notifications-context';
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

function NotificationRow({ item, onOpen }: { item: DeskNotification; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand-600'}`}
        />
        <span className="min-w-0">
          <span
            className={`block text-sm break-words ${item.read ? 'text-slate-600' : 'font-semibold text-slate-900'}`}
          >
            {item.text}
            {item.read ? null : <span className="sr-only"> (unread)</span>}
          </span>
          <span className="block text-xs text-slate-500">{formatDateTime(item.at)}</span>
        </span>
      </button>
    </li>
  );
}

/** The bell: the unread count, and a panel listing the tab's notifications. */
export function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  if (!notifications) return null;
  const { items, unread, markAllRead, openTicket } = notifications;
  const close = () => {
    setOpen(false);
    markAllRead();
  };
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
      <Drawer open={open} onClose={close} title="Notifications" side="right" width="w-96 max-w-[92vw]">
        <div className="border-b border-slate-200 p-4">
          <BrowserNotificationsSetting />
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">
            No notifications yet. New tickets and tickets waiting for a reply show up here.
          </p>
        ) : (
          <ul aria-label="Notifications" className="divide-y divide-slate-100">
            {items.map((item) => (
              <NotificationRow
                key={item.key}
                item={item}
                onOpen={() => {
                  close();
                  openTicket(item.ticketId);
                }}
              />
            ))}
          </ul>
        )}
      </Drawer>
    </>
  );
}
