import type { MemberRole } from '@wadesk/contract';
import type { SelectHTMLAttributes } from 'react';
import { ROLES } from '../utils/member-texts';

interface RoleSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  roles?: readonly MemberRole[];
}

/** A native select of roles (the phone's own picker on mobile). */
export function RoleSelect({ value, onChange, roles = ROLES, className = '', ...props }: RoleSelectProps) {
  return (
    <select
      value={value}
      onChange={(event) => onChange(event.target.value as MemberRole)}
      className={`h-8 rounded-lg border border-slate-300 bg-white pr-8 pl-2.5 text-sm text-slate-800 capitalize shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${className}`}
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
