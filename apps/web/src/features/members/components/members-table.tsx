import type { Agent, Member, MemberRole } from '@wadesk/contract';
import { isLastOwner } from '@/features/members/utils/member-texts';
import { formatDateTime } from '@/shared/format/format';
import { fullName } from '@/shared/format/person-name';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { TABLE_HEADER_CELL, tableCell } from '@/shared/table/table-classes';
import { MemberActions } from './member-actions';
import { MemberAgentPhone } from './member-agent-phone';
import { RoleBadge } from './role-badge';

interface MembersTableProps {
  members: readonly Member[];
  /** The signed-in user's id: their row says "You". */
  selfId: number | undefined;
  /** Owners manage members; everyone else reads the list. */
  canManage: boolean;
  /** The signed-in owner's address is not verified yet: the controls say so instead of acting. */
  unverified?: boolean;
  onChangeRole: (member: Member, role: MemberRole) => void;
  onRemove: (member: Member) => void;
  agents: readonly Agent[];
  /** Admins and owners link members to agent phones. */
  canLink: boolean;
  linking: boolean;
  onLink: (member: Member, agentId: number | null) => void;
}

function YouTag() {
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
      You
    </span>
  );
}

const th = TABLE_HEADER_CELL;
const td = tableCell('middle');

/** The members as a table on larger screens and as cards on phones. */
export function MembersTable({
  members,
  selfId,
  canManage,
  unverified = false,
  onChangeRole,
  onRemove,
  agents,
  canLink,
  linking,
  onLink,
}: MembersTableProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const agentPhone = (member: Member) => (
    <MemberAgentPhone
      member={member}
      members={members}
      agents={agents}
      canLink={canLink}
      busy={linking}
      onLink={onLink}
    />
  );
  const actions = (member: Member) => (
    <MemberActions
      member={member}
      lastOwner={isLastOwner(member, members)}
      unverified={unverified}
      onChangeRole={onChangeRole}
      onRemove={onRemove}
    />
  );
  if (mobile) {
    return (
      <ul className="divide-y divide-slate-100" aria-label="Members">
        {members.map((member, index) => (
          <li key={member.id} data-member-id={member.id} className="space-y-3 px-4 py-4">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                {fullName(member)} <RoleBadge role={member.role} />
                {member.id === selfId ? <YouTag /> : null}
              </p>
              <p className="text-sm break-all text-slate-700">{member.email}</p>
              <p className="text-xs text-slate-500 tabular-nums">
                #{index + 1} · joined {formatDateTime(member.joined_at)}
              </p>
            </div>
            <div className="space-y-1 text-sm">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Agent phone</p>
              {agentPhone(member)}
            </div>
            {canManage ? actions(member) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>#</th>
            <th className={th}>Name</th>
            <th className={th}>Email</th>
            <th className={th}>Role</th>
            <th className={th}>Agent phone</th>
            <th className={th}>Joined</th>
            {canManage ? <th className={th}>Manage</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {members.map((member, index) => (
            <tr key={member.id} data-member-id={member.id} className="hover:bg-slate-50/60">
              <td className={`${td} text-slate-500 tabular-nums`}>{index + 1}</td>
              <td className={`${td} max-w-64 font-semibold break-words text-slate-900`}>
                <span className="inline-flex flex-wrap items-center gap-2">
                  {fullName(member)}
                  {member.id === selfId ? <YouTag /> : null}
                </span>
              </td>
              <td className={`${td} max-w-72 break-all text-slate-700`}>{member.email}</td>
              <td className={td}>
                <RoleBadge role={member.role} />
              </td>
              <td className={`${td} text-sm`}>{agentPhone(member)}</td>
              <td className={`${td} whitespace-nowrap text-slate-600 tabular-nums`}>
                {formatDateTime(member.joined_at)}
              </td>
              {canManage ? <td className={td}>{actions(member)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
