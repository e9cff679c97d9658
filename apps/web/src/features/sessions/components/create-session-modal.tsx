import type { StartSessionResponse } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { isSessionLimitMessage, stripWhitespace } from '@/features/sessions/utils/session-table';
import { useAuth } from '@/shared/account/auth-context';
import { useAddressVerified, VerifyFirst } from '@/shared/account/verify-first';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { useStartSession } from '@/shared/api/sessions-queries';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';

export interface CreatedSession {
  answer: StartSessionResponse;
  session_name: string;
  description: string;
}

interface CreateSessionModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedSession) => void;
}

export const CREATE_MESSAGES = {
  // The specification's own texts (docs/web-structure.md, One voice), misspelling included: spec-texts.test.ts.
  fillDetails: 'Fill the details corretly',
  noToken: 'Access token not found',
  limit: 'Active session limit exhausted',
  failed: 'Something went wrong while creating session!',
  nameRequired: 'Enter a name for the session.',
  descriptionRequired: 'Enter a description for the session.',
} as const;

function CreateSessionForm({ onClose, onCreated }: Omit<CreateSessionModalProps, 'open'>) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const starting = useStartSession();
  const busy = starting.isPending;
  const { isSignedIn } = useAuth();
  // Like Add Agent: the fields are marked once a submit found them missing, and clear as they are typed.
  const [checked, setChecked] = useState(false);
  const nameError = checked && !name ? CREATE_MESSAGES.nameRequired : undefined;
  const descriptionError = checked && !description.trim() ? CREATE_MESSAGES.descriptionRequired : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isSignedIn) {
      toast.error(CREATE_MESSAGES.noToken);
      return;
    }
    setChecked(true);
    if (!name || !description.trim()) {
      toast.warn(CREATE_MESSAGES.fillDetails);
      return;
    }
    try {
      const answer = await starting.mutateAsync({ session_name: name, description: description.trim() });
      if (!answer.success) throw new Error(answer.message);
      if (answer.message) toast.success(answer.message);
      onCreated({ answer, session_name: name, description: description.trim() });
    } catch (error) {
      const message = isApiError(error) || error instanceof Error ? error.message : '';
      if (isSessionLimitMessage(message)) {
        toast.error(CREATE_MESSAGES.limit);
        onClose();
      } else {
        // The server's words when it gave any (a role or an unverified address refused, a bad name).
        toast.error(errorMessage(error, CREATE_MESSAGES.failed));
      }
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Session Name"
        name="session_name"
        required
        autoComplete="off"
        data-autofocus
        placeholder="e.g. SupportPhone"
        hint="Spaces are not allowed; they are removed as you type."
        value={name}
        maxLength={100}
        error={nameError}
        onChange={(event) => setName(stripWhitespace(event.target.value))}
      />
      <TextField
        label="Description"
        name="description"
        required
        autoComplete="off"
        placeholder="What this WhatsApp number is used for"
        value={description}
        maxLength={500}
        error={descriptionError}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Create Session
        </Button>
      </div>
    </form>
  );
}

/**
 * Session Name (no whitespace) and Description, both required; then POST /api/startSession/. A user whose
 * address is not verified yet is told so, with the resend action, instead of the form.
 */
export function CreateSessionModal({ open, onClose, onCreated }: CreateSessionModalProps) {
  const verified = useAddressVerified();
  return (
    <Dialog open={open} onClose={onClose} title="Create Session" size="max-w-md">
      {verified ? (
        <CreateSessionForm onClose={onClose} onCreated={onCreated} />
      ) : (
        <VerifyFirst action="link" onClose={onClose} />
      )}
    </Dialog>
  );
}
