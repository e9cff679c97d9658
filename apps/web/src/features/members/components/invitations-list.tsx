import type { Invitation } from '@wadesk/contract';
import { MailIcon, XIcon } from 'lucide-react';
import { formatDateTime } from '@/shared/format/format';
import { Button } from '@/shared/ui/button';
import { RoleBadge } from './role-badge';

interface InvitationsListProps {
  invitations: readonly Invitation[];
  onRevoke: (invitation: Invitation) => void;
}

/** The invitations still open (owners only): who, as what, until when; each can be revoked. */
export function InvitationsList({ invitations, onRevoke }: InvitationsListProps) {
  return (
    <section
      aria-labelledby="open-invitations"
      className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="open-invitations"
        className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5"
      >
        Open invitations <span className="font-normal text-slate-500">({invitations.length})</span>
      </h2>
      {invitations.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">No open invitations</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5"
            >
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <MailIcon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold break-all text-slate-900">
                    {invitation.email} <RoleBadge role={invitation.role} />
                  </p>
                  <p className="text-xs text-slate-500 tabular-nums">
                    Expires {formatDateTime(invitation.expires_at)}
                  </p>
                </div>
              </div>
              <Button
                variant="secondary"
                size="md"
                className="text-red-700 hover:bg-red-50"
                icon={<XIcon className="size-4" />}
                onClick={() => onRevoke(invitation)}
                aria-label={`Revoke the invitation to ${invitation.email}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
