import { ArrowRightIcon, CheckIcon, RocketIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  type GettingStartedStep,
  useGettingStarted,
} from '@/features/getting-started/hooks/use-getting-started';
import { GETTING_STARTED_TEXTS as T } from '@/features/getting-started/utils/steps';
import { useAuth } from '@/shared/account/auth-context';
import { gettingStartedHidden } from '@/shared/storage/getting-started';
import { Button, buttonClasses } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';

function Step({ step }: { step: GettingStartedStep }) {
  const titleId = useId();
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-5">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {/* Ticked by the desk's own data, never by a click: a checkbox that reads as checked or not, out of
            the tab order and unchangeable. */}
        <span className="relative mt-0.5 flex size-6 shrink-0">
          <input
            type="checkbox"
            checked={step.done}
            readOnly
            tabIndex={-1}
            aria-labelledby={titleId}
            className="pointer-events-none size-6 appearance-none rounded-full border-2 border-slate-300 bg-white checked:border-brand-600 checked:bg-brand-600"
          />
          {step.done ? (
            <CheckIcon
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 m-auto size-4 text-white"
              strokeWidth={3}
            />
          ) : null}
        </span>
        <div className="min-w-0">
          <p
            id={titleId}
            className={`font-semibold ${step.done ? 'text-slate-500 line-through decoration-slate-300' : 'text-slate-900'}`}
          >
            {step.title}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">{step.hint}</p>
        </div>
      </div>
      {step.done ? (
        <span className="ml-9 text-sm font-semibold text-brand-700 sm:ml-0">{T.done}</span>
      ) : (
        <Link
          to={step.to}
          className={buttonClasses({
            variant: 'secondary',
            size: 'md',
            className: 'ml-9 self-start sm:ml-0 sm:self-center',
          })}
        >
          {step.action}
          <ArrowRightIcon className="size-4" />
        </Link>
      )}
    </li>
  );
}

/**
 * The dashboard's checklist for a new desk: the steps the member's role can do, each ticked from the
 * desk's own data. It goes away by itself once every step is done, or when the member hides it (in this
 * browser, until they sign out: shared/storage/getting-started.ts).
 */
export function GettingStarted() {
  const userId = useAuth().user?.id ?? null;
  const [hidden, setHidden] = useState(() => userId !== null && gettingStartedHidden.get(userId));
  const steps = useGettingStarted(!hidden);
  const headingId = useId();
  const progressId = useId();
  if (hidden || userId === null || steps === null || steps.length === 0) return null;
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;

  const hide = () => {
    gettingStartedHidden.set(userId);
    setHidden(true);
    toast.info(T.hidden);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-brand-200 bg-white shadow-sm"
    >
      <div className="flex items-start gap-3 border-b border-slate-200 bg-brand-50/60 px-4 py-4 sm:px-5">
        <div className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:flex">
          <RocketIcon className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {T.title}
          </h2>
          <p className="text-sm text-slate-600">{T.description}</p>
          <div className="mt-3 flex items-center gap-3">
            <div
              aria-hidden="true"
              className="h-2 w-full max-w-56 overflow-hidden rounded-full bg-white ring-1 ring-brand-100"
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${(done / steps.length) * 100}%` }}
              />
            </div>
            <p id={progressId} className="shrink-0 text-sm font-semibold text-brand-800 tabular-nums">
              {T.progress(done, steps.length)}
            </p>
          </div>
        </div>
        <Button variant="ghost" size="md" onClick={hide} aria-label={T.hideLabel}>
          {T.hide}
        </Button>
      </div>
      <ol aria-labelledby={headingId} aria-describedby={progressId} className="divide-y divide-slate-100">
        {steps.map((step) => (
          <Step key={step.id} step={step} />
        ))}
      </ol>
    </section>
  );
}
