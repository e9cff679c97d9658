import { INBOX_SHORTCUTS } from '@/features/inbox/utils/shortcuts';
import { Dialog } from '@/shared/ui/dialog';

/** "?" in the inbox: its keys. They never fire while typing or with Ctrl, Cmd or Alt held. */
export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" size="max-w-md">
      <dl className="divide-y divide-slate-100">
        {INBOX_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="flex items-center justify-between gap-4 py-2">
            <dt>
              <kbd className="inline-block min-w-7 rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 text-center font-mono text-sm font-semibold text-slate-800 shadow-xs">
                {shortcut.key}
              </kbd>
            </dt>
            <dd className="text-sm text-slate-700">{shortcut.does}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Not while typing in a field, nor with Ctrl, Cmd or Alt held. Ctrl+Enter sends a reply.
      </p>
    </Dialog>
  );
}
