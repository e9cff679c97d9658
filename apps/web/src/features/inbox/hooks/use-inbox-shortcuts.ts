import { useEffect, useRef } from 'react';
import { type InboxAction, inboxActionOf } from '@/features/inbox/utils/shortcuts';

/** An open modal (shared/ui/dialog): the keys belong to it then. */
const OPEN_MODAL = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/** Calls `onAction` for the inbox's keys (utils/shortcuts.ts) pressed anywhere on the page but in a dialog. */
export function useInboxShortcuts(onAction: (action: InboxAction) => void): void {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector(OPEN_MODAL)) return;
      const action = inboxActionOf(event);
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
