import type { Agent } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { useAddAgent } from '@/features/agents/api/agents-queries';
import { AGENT_MESSAGES } from '@/features/agents/utils/agent-table';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { PhoneInput } from '@/shared/ui/phone-input/phone-input';
import { emptyPhone, isValidPhone, type PhoneValue, toE164 } from '@/shared/ui/phone-input/phone-number';
import { toast } from '@/shared/ui/toast';
import { AgentNameField } from './agent-name-field';

interface AddAgentModalProps {
  open: boolean;
  onClose: () => void;
  onAdded: (agent: Agent) => void;
}

function AddAgentForm({ onClose, onAdded }: Omit<AddAgentModalProps, 'open'>) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone());
  const [checked, setChecked] = useState(false);
  const adding = useAddAgent();
  const busy = adding.isPending;
  const { isSignedIn } = useAuth();

  const nameError = checked && !name.trim() ? AGENT_MESSAGES.nameRequired : undefined;
  const phoneError = checked && !isValidPhone(phone) ? AGENT_MESSAGES.invalidNumber : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isSignedIn) {
      toast.error(AGENT_MESSAGES.noToken);
      return;
    }
    setChecked(true);
    if (!name.trim() || !isValidPhone(phone)) {
      toast.warn(AGENT_MESSAGES.fillDetails);
      return;
    }
    adding.mutate(
      { agent_name: name.trim(), agent_number: toE164(phone) },
      {
        onSuccess: (agent) => {
          toast.success(AGENT_MESSAGES.added);
          onAdded(agent);
        },
        onError: (error) => toast.error(errorMessage(error, AGENT_MESSAGES.addFailed)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <AgentNameField value={name} error={nameError} onChange={setName} />
      <PhoneInput
        label="Phone Number"
        name="agent_number"
        placeholder="Phone number"
        value={phone}
        onChange={setPhone}
        error={phoneError}
      />
      <p className="text-xs text-slate-500">
        Messages from this number in your WhatsApp groups count as replies from your team.
      </p>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Add Agent
        </Button>
      </div>
    </form>
  );
}

/** Agent Name and an international Phone Number (India by default); then POST /org/addAgent/. */
export function AddAgentModal({ open, onClose, onAdded }: AddAgentModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Agent" size="max-w-md">
      <AddAgentForm onClose={onClose} onAdded={onAdded} />
    </Dialog>
  );
}
