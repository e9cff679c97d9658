import type { Agent } from '@wadesk/contract';
import { formatPhone } from '@/shared/format/phone';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';

interface RemoveAgentDialogProps {
  agent: Agent | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (agent: Agent) => void;
}

function Who({ agent }: { agent: Agent }) {
  return (
    <>
      <strong className="font-semibold break-words text-slate-900">{agent.agent_name}</strong> (
      <span className="whitespace-nowrap tabular-nums">{formatPhone(agent.agent_number)}</span>)
    </>
  );
}

// The owner agent is the linked phone itself. Removing it is allowed, after an explanation, rather than
// prevented: once its session is terminated or the phone is no longer used, it is a stale entry people
// must be able to clear. While the phone stays linked, removal changes little (its own messages always
// count as replies, and the next connect lists it again, decision 0013), so the dialog says so.
function OwnerText({ agent }: { agent: Agent }) {
  return (
    <div className="space-y-3 text-sm leading-6 text-slate-700">
      <p>
        <Who agent={agent} /> is the owner agent: the WhatsApp phone linked as one of your sessions, not a
        team member added by hand.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>Messages sent from that phone still count as replies from your team.</li>
        <li>It is listed again the next time its session connects.</li>
        <li>To stop using the phone, terminate its session on the Sessions page instead.</li>
      </ul>
      <p>Remove it from your agents anyway?</p>
    </div>
  );
}

/** "Remove this agent?" before POST /org/removeAgent/; for the owner agent, what that removal means. */
export function RemoveAgentDialog({ agent, busy, onCancel, onConfirm }: RemoveAgentDialogProps) {
  const owner = agent?.user_type === 'owner';
  return (
    <Dialog
      open={agent !== null}
      onClose={onCancel}
      title={owner ? 'Remove the owner agent?' : 'Remove Agent'}
      size="max-w-md"
    >
      {agent ? (
        <div className="space-y-5">
          {owner ? (
            <OwnerText agent={agent} />
          ) : (
            <p className="text-sm leading-6 text-slate-700">
              Remove <Who agent={agent} /> from your agents? Their messages in groups will then count as
              customer messages.
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => onConfirm(agent)}>
              {owner ? 'Remove owner agent' : 'Remove Agent'}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
