import { type Member, type MemberRole, memberMessages } from '@wadesk/contract';
import { Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { MEMBER_TEXTS } from '@/features/members/utils/member-texts';
import { fullName } from '@/shared/format/person-name';
import { Button } from '@/shared/ui/button';
import { RoleSelect } from './role-select';

export interface MemberActionsProps {
  member: Member;
  /** The only owner: their role and membership stay, and the reason is shown beside the controls. */
  lastOwner: boolean;
  /** The signed-in owner's address is not verified yet: no role changes or removals, and why. */
  unverified?: boolean;
  onChangeRole: (member: Member, role: MemberRole) => void;
  onRemove: (member: Member) => void;
}

/** An owner's controls on a member: the role select and Remove. */
export function MemberActions({
  member,
  lastOwner,
  unverified = false,
  onChangeRole,
  onRemove,
}: MemberActionsProps) {
  const reasonId = useId();
  const name = fullName(member);
  const reason = lastOwner ? memberMessages.lastOwner : unverified ? MEMBER_TEXTS.verifyToManage : null;
  const describedBy = reason ? reasonId : undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <RoleSelect
          aria-label={`Role of ${name}`}
          aria-describedby={describedBy}
          title={reason ?? undefined}
          disabled={reason !== null}
          value={member.role}
          onChange={(role) => role !== member.role && onChangeRole(member, role)}
        />
        <Button
          variant="secondary"
          size="md"
          className="text-red-700 hover:bg-red-50"
          icon={<Trash2Icon className="size-4" />}
          aria-label={`Remove ${name}`}
          aria-describedby={describedBy}
          title={reason ?? undefined}
          disabled={reason !== null}
          onClick={() => onRemove(member)}
        >
          Remove
        </Button>
      </div>
      {reason ? (
        <p id={reasonId} className="max-w-56 text-xs text-slate-500">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
