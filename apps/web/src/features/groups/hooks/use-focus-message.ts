import type { GroupMessage } from '@wadesk/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { toast } from '@/shared/ui/toast';

/** Pages of older messages fetched at most while looking for the linked message (100 each). */
export const FOCUS_MAX_PAGES = 20;
/** How long the found message stays highlighted. */
export const FOCUS_HIGHLIGHT_MS = 4000;

interface Page {
  status: 'loading' | 'ready' | 'error';
  messages: GroupMessage[];
  hasMoreBefore: boolean;
  historyPending: boolean;
  paging: 'prev' | 'next' | null;
  prev: (announce?: boolean) => void;
}

/**
 * Opening a group from a ticket's link: pages back (quietly, at most FOCUS_MAX_PAGES pages) until the
 * message with WhatsApp id `waId` is loaded, then scrolls it into view and highlights it. Answers the
 * msg_id being highlighted.
 */
export function useFocusMessage(
  page: Page,
  scroller: RefObject<HTMLDivElement | null>,
  waId: string | undefined,
): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const pages = useRef(0);
  const done = useRef(waId === undefined);

  useEffect(() => {
    if (done.current || page.status !== 'ready' || page.paging !== null || page.historyPending) return;
    const found = page.messages.find((message) => message.id === waId);
    if (found) {
      done.current = true;
      setHighlighted(found.msg_id);
      // Compared rather than built into a selector: msg_ids hold characters a selector would need escaped.
      const rows = scroller.current?.querySelectorAll<HTMLElement>('[data-msg-id]') ?? [];
      const element = [...rows].find((row) => row.dataset.msgId === found.msg_id);
      element?.scrollIntoView?.({ block: 'center' });
      return;
    }
    if (page.hasMoreBefore && pages.current < FOCUS_MAX_PAGES) {
      pages.current += 1;
      page.prev(false);
      return;
    }
    done.current = true;
    toast.info("The ticket's first message is not among this group's stored messages.");
  });

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), FOCUS_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
