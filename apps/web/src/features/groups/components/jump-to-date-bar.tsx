import { XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { zonedClock } from '@/shared/format/time-zone';

interface JumpToDateBarProps {
  onJump: (day: string) => void;
  onClose: () => void;
  busy: boolean;
}

/** A date to jump to: the group shows from the first message of that day (the member's time zone). */
export function JumpToDateBar({ onJump, onClose, busy }: JumpToDateBarProps) {
  const today = zonedClock(new Date()).day;
  const [day, setDay] = useState(today);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (day) onJump(day);
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1.5 text-sm sm:px-4"
    >
      <label htmlFor="group-jump-date" className="text-slate-700">
        Go to date
      </label>
      <input
        ref={input}
        id="group-jump-date"
        type="date"
        value={day}
        max={today}
        onChange={(event) => setDay(event.target.value)}
        data-testid="group-jump-date"
        className="min-w-0 rounded-lg border border-slate-300 px-2 py-1 text-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-200"
      />
      <button
        type="submit"
        disabled={!day || busy}
        className="rounded-lg bg-brand-600 px-3 py-1 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        Go
      </button>
      <span className="flex-1" />
      <button
        type="button"
        aria-label="Close date"
        onClick={onClose}
        className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100"
      >
        <XIcon className="size-4" />
      </button>
    </form>
  );
}
