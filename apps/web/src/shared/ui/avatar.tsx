import { User } from 'lucide-react';
import { avatarColour, initials } from '@/shared/format/avatar';

/** The author's initials on a colour derived from the name, drawn here: no outside avatar service. */
export function Avatar({ name, className = 'size-8 text-xs' }: { name: string; className?: string }) {
  const letters = initials(name);
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none ${className}`}
      style={{ backgroundColor: avatarColour(name) }}
    >
      {letters || <User aria-hidden="true" className="size-1/2" />}
    </span>
  );
}
