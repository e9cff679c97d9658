import { useEffect, useRef, useState } from 'react';
import { toast } from '@/shared/ui/toast';

/** How long the found message stays highlighted. */
export const FOCUS_HIGHLIGHT_MS = 4000;

interface Page {
  status: 'loading' | 'ready' | 'error';
  /** Loads the page around a message (msg_id or WhatsApp id); answers whether it is stored. */
  around: (msgId: string) => Promise<boolean>;
}

/**
 * Opening a group from a ticket's link: once the newest page is in, loads the page around the message
 * with WhatsApp id `waId` (the list scrolls it to the centre) and highlights it. Answers the id
 * highlighted (the WhatsApp id; the bubble compares its own).
 */
export function useFocusMessage(page: Page, waId: string | undefined): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const done = useRef(waId === undefined);
  const { status, around } = page;

  useEffect(() => {
    if (done.current || status !== 'ready' || !waId) return;
    done.current = true;
    void around(waId).then((found) => {
      if (found) setHighlighted(waId);
      else toast.info("The ticket's first message is not among this group's stored messages.");
    });
  }, [status, around, waId]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), FOCUS_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
