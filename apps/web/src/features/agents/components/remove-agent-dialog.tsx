import type { Agent } from '@wadesk/contract';
import { formatPhone } from '../../../shared/format/phone';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';

interface RemoveAgentDialogProps {
  agent: Agent | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (agent: Agent) => void;
}

/** "Remove this agent?" before POST /org/removeAgent/. */
export function RemoveAgentDialog({ agent, busy, onCancel, onConfirm }: RemoveAgentDialogProps) {
  return (
    <Dialog open={agent !== null} onClose={onCancel} title="Remove Agent" size="max-w-md">
      {agent ? (
        <div className="space-y-5">
          <p className="text-sm leading-6 text-slate-700">
            Remove <strong className="font-semibold text-slate-900">{agent.agent_name}</strong> (
            <span className="tabular-nums">{formatPhone(agent.agent_number)}</span>) from your agents? Their
            messages in groups will then count as customer messages.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => onConfirm(agent)}>
              Remove Agent
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
