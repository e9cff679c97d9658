import type { Agent, AgentUserType } from '@wadesk/contract';
import { type FormEvent, useId, useState } from 'react';
import { useEditAgent } from '@/features/agents/api/agents-queries';
import { AGENT_MESSAGES, USER_TYPES } from '@/features/agents/utils/agent-table';
import { errorMessage } from '@/shared/api/api-error';
import { formatPhone } from '@/shared/format/phone';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { PhoneInput } from '@/shared/ui/phone-input/phone-input';
import {
  DEFAULT_PHONE_COUNTRY,
  isValidPhone,
  type PhoneValue,
  parseTyped,
  toE164,
} from '@/shared/ui/phone-input/phone-number';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';
import { AgentNameField } from './agent-name-field';

interface EditAgentModalProps {
  /** The agent being edited; null when the dialog is closed. */
  agent: Agent | null;
  onClose: () => void;
}

const TYPE_LABELS: Record<AgentUserType, string> = {
  user: 'user (a team member)',
  owner: 'owner (the linked phone)',
};

function UserTypeField({
  value,
  onChange,
}: {
  value: AgentUserType;
  onChange: (type: AgentUserType) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        User type
      </label>
      <select
        id={id}
        name="user_type"
        value={value}
        onChange={(event) => onChange(event.target.value as AgentUserType)}
        className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
      >
        {USER_TYPES.map((option) => (
          <option key={option.value} value={option.value}>
            {TYPE_LABELS[option.value]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An owner agent's number is its linked phone's: shown, not editable (decision 0013). */
function FixedNumber({ number }: { number: string }) {
  return (
    <TextField
      label="Phone Number"
      name="agent_number"
      readOnly
      value={formatPhone(number)}
      className="[&_input]:bg-slate-50 [&_input]:tabular-nums"
      hint="The linked phone's own number. Make this a user agent to change it."
    />
  );
}

function EditAgentForm({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const [name, setName] = useState(agent.agent_name);
  const [phone, setPhone] = useState<PhoneValue>(() => parseTyped(agent.agent_number, DEFAULT_PHONE_COUNTRY));
  const [type, setType] = useState<AgentUserType>(agent.user_type);
  const [checked, setChecked] = useState(false);
  const editing = useEditAgent();
  const busy = editing.isPending;
  // The server refuses a new number for an agent that is and stays an owner.
  const numberFixed = agent.user_type === 'owner' && type === 'owner';

  const nameError = checked && !name.trim() ? AGENT_MESSAGES.nameRequired : undefined;
  const phoneError =
    checked && !numberFixed && !isValidPhone(phone) ? AGENT_MESSAGES.invalidNumber : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (!name.trim() || (!numberFixed && !isValidPhone(phone))) {
      toast.warn(AGENT_MESSAGES.fillDetails);
      return;
    }
    editing.mutate(
      {
        agent_id: agent.id,
        agent_name: name.trim(),
        agent_number: numberFixed ? agent.agent_number : toE164(phone),
        user_type: type,
      },
      {
        onSuccess: () => {
          toast.success(AGENT_MESSAGES.updated);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, AGENT_MESSAGES.updateFailed)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <AgentNameField value={name} error={nameError} onChange={setName} />
      {numberFixed ? (
        <FixedNumber number={agent.agent_number} />
      ) : (
        <PhoneInput
          label="Phone Number"
          name="agent_number"
          placeholder="Phone number"
          value={phone}
          onChange={setPhone}
          error={phoneError}
        />
      )}
      <UserTypeField value={type} onChange={setType} />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** Edit Agent: Add Agent's fields and checks, prefilled, plus the user type; then POST /org/editAgent/. */
export function EditAgentModal({ agent, onClose }: EditAgentModalProps) {
  return (
    <Dialog open={agent !== null} onClose={onClose} title="Edit Agent" size="max-w-md">
      {agent ? <EditAgentForm key={agent.id} agent={agent} onClose={onClose} /> : null}
    </Dialog>
  );
}
