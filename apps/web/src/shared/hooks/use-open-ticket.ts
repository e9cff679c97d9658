import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Where a ticket named anywhere (an audit entry, a notification) opens: its conversation in the inbox, where
 * agents work (docs/decisions/0021-inbox.md).
 */
export const ticketPath = (ticketId: number) => `/inbox?ticket=${ticketId}`;

/**
 * The ticket whose conversation is open, kept in the address (`/dashboard?ticket=12`, `/inbox?ticket=12`),
 * so that a notification can open it. Replaced, not pushed: the back button leaves the screen as before.
 */
export function useOpenTicket(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('ticket'));
  const openId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setOpenId = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('ticket');
          else next.set('ticket', String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [openId, setOpenId];
}
