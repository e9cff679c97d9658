import type { MemberRole } from '@wadesk/contract';

const TONES: Record<MemberRole, string> = {
  owner: 'bg-amber-50 text-amber-800 ring-amber-200',
  admin: 'bg-violet-50 text-violet-800 ring-violet-200',
  member: 'bg-sky-50 text-sky-800 ring-sky-200',
};

export function RoleBadge({ role }: { role: MemberRole }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${TONES[role]}`}
    >
      {role}
    </span>
  );
}
