import type { GroupMessage, RevokedBy } from '@wadesk/contract';
import { formatDateTime } from '@/shared/format/format';
import { formatPhone } from '@/shared/format/phone';

/** Who deleted a message, when not its author: a group admin, named as authors are ("You" for the account). */
export function deletedText(admin: RevokedBy | null): string {
  if (!admin) return 'This message was deleted';
  const who = admin.from_me ? 'You' : (admin.name ?? (admin.number ? formatPhone(admin.number) : null));
  return who ? `This message was deleted by an admin (${who})` : 'This message was deleted by an admin';
}

/**
 * A message deleted for everyone: never its words (a ticket keeps what the customer wrote), who deleted it
 * when that was an admin, and when, when known (decision 0026).
 */
export function DeletedNote({ message }: { message: GroupMessage }) {
  const at = message.deleted_at ?? null;
  return (
    <div className="text-sm text-slate-600 italic">
      <p>{deletedText(message.revoked_by ?? null)}</p>
      {at ? (
        <p className="text-xs not-italic">
          Deleted <time dateTime={new Date(at * 1000).toISOString()}>{formatDateTime(at * 1000)}</time>
        </p>
      ) : null}
    </div>
  );
}
