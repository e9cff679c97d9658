import { FlaskConicalIcon } from 'lucide-react';

/** Says plainly that the WhatsApp side is simulated (the server's `simulator` driver). */
export function DemoModeBadge({ className = '' }: { className?: string }) {
  return (
    <span
      title="Demo mode: sessions use a simulated phone, not real WhatsApp"
      className={`inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-violet-200 ring-inset ${className}`}
    >
      <FlaskConicalIcon className="size-3.5" />
      Demo mode
    </span>
  );
}
