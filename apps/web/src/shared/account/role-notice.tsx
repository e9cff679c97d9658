import { InfoIcon } from 'lucide-react';

/**
 * Why some controls of a screen are hidden or disabled for the signed-in user, shown above them before any
 * form is filled. Disabled controls point at it with `aria-describedby={id}`, so a screen reader reads the
 * reason with the control and sighted users see it on the page (not only in a tooltip).
 */
export function RoleNotice({ id, reason }: { id?: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <p
      id={id}
      className="mb-4 flex items-start gap-2 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset"
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{reason}</span>
    </p>
  );
}
