import { Spinner } from '@/shared/ui/spinner';
import type { UploadPhase } from './import-chat';

const STEPS: Record<UploadPhase, { label: string; percent: number }> = {
  reading: { label: 'Reading the file…', percent: 15 },
  uploading: { label: 'Uploading…', percent: 0 },
  processing: { label: 'Extracting the chat and its media…', percent: 80 },
  extracting: { label: 'Extracting the zip…', percent: 35 },
  parsing: { label: 'Reading the messages…', percent: 60 },
  media: { label: 'Preparing photos, videos and voice notes…', percent: 85 },
  done: { label: 'Opening the chat…', percent: 100 },
};

// Sending the file is most of a signed-in import's wait: it fills the bar up to this point.
const UPLOAD_SHARE = 75;

/**
 * Where a (possibly large) import is. Visitors' files are read off the page's main thread; signed-in
 * users' files show how much of them has been sent.
 */
export function ImportProgress({ phase, sent = 0 }: { phase: UploadPhase; sent?: number }) {
  const step = STEPS[phase];
  const uploading = phase === 'uploading';
  const percent = uploading ? Math.round(sent * UPLOAD_SHARE) : step.percent;
  return (
    <div className="flex w-full max-w-xs flex-col items-center gap-3 text-center">
      <Spinner className="size-8 text-brand-600" />
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {uploading ? `Uploading… ${Math.round(sent * 100)}%` : step.label}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
