import { RefreshCcwIcon } from 'lucide-react';
import { Button } from '@/shared/ui/button';

/** Step 3: groups and messages sync in the background; Sync Now opens the Whatsapp Chat page. */
export function QrStepSync({ connected, onSync }: { connected: boolean; onSync: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <RefreshCcwIcon className="size-8" />
      </div>
      <div className="max-w-sm space-y-1">
        <h3 className="text-lg font-semibold text-slate-900">Sync Chats &amp; Groups</h3>
        <p className="text-sm text-slate-600">
          {connected
            ? 'Your groups and their recent messages are being fetched from the phone. Open them now.'
            : 'Link the phone first (step 1), then your groups appear here.'}
        </p>
      </div>
      <Button size="lg" icon={<RefreshCcwIcon className="size-4" />} onClick={onSync}>
        Sync Now
      </Button>
    </div>
  );
}
