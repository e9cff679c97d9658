import { CircleCheckIcon } from 'lucide-react';

export const QR_STEPS = ['Scan QR', 'Check Session', 'Sync Chats & Groups'] as const;

interface QrStepperProps {
  step: number;
  onStep: (step: number) => void;
  /** Steps shown as done (a tick instead of the number). */
  done: (step: number) => boolean;
}

/** The three steps of linking a phone; any step can be opened directly. */
export function QrStepper({ step, onStep, done }: QrStepperProps) {
  return (
    <ol className="mb-5 grid grid-cols-3 gap-2">
      {QR_STEPS.map((label, index) => {
        const current = index === step;
        const complete = done(index);
        return (
          <li key={label}>
            <button
              type="button"
              onClick={() => onStep(index)}
              aria-current={current ? 'step' : undefined}
              className={`flex w-full flex-col items-center gap-1.5 rounded-xl border px-2 py-2.5 text-center text-xs font-semibold transition-colors sm:flex-row sm:text-left sm:text-sm ${
                current
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-200 text-slate-600 hover:bg-slate-50'
              }`}
            >
              <span
                className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                  complete ? 'bg-brand-600 text-white' : current ? 'bg-brand-700 text-white' : 'bg-slate-200'
                }`}
              >
                {complete ? <CircleCheckIcon className="size-4" /> : index + 1}
              </span>
              <span className="leading-tight">{label}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
