import type { MemberRole } from '@wadesk/contract';
import type { SelectHTMLAttributes } from 'react';
import { ROLES } from '@/features/members/utils/member-texts';

interface RoleSelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'size'> {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  roles?: readonly MemberRole[];
  /** md (32 px) in table rows, lg (40 px) beside the text fields of a form. */
  size?: 'md' | 'lg';
}

/** A native select of roles (the phone's own picker on mobile). */
export function RoleSelect({
  value,
  onChange,
  roles = ROLES,
  size = 'md',
  className = '',
  ...props
}: RoleSelectProps) {
  return (
    <select
      value={value}
      onChange={(event) => onChange(event.target.value as MemberRole)}
      className={`${size === 'md' ? 'h-8' : 'h-10'} rounded-lg border border-slate-300 bg-white pr-8 pl-2.5 text-sm text-slate-800 capitalize shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${className}`}
      {...props}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}
