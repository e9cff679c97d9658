import { TextField } from '@/shared/ui/text-field';

/** The Agent Name field of Add Agent and Edit Agent. */
export function AgentNameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <TextField
      label="Agent Name"
      name="agent_name"
      required
      autoComplete="off"
      data-autofocus
      placeholder="Enter a name of Agent"
      value={value}
      maxLength={100}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
