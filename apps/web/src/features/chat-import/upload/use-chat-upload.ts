import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/shared/account/auth-context';
import { useChatActions } from '@/shared/loaded-chat/state/chat-provider';
import { toast } from '@/shared/ui/toast';
import { importChat, importErrorMessage, type UploadPhase } from './import-chat';
import { checkUpload } from './upload-rules';

/** The upload card's behaviour: check the first file, import it, tell the user, open the messages. */
export function useChatUpload() {
  const chat = useChatActions();
  const navigate = useNavigate();
  const [signedIn] = useState(useAuth().isSignedIn);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [sent, setSent] = useState(0);
  // The last attempt's failure stays on the card (the toast is gone after 2 s) until the next attempt.
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  // The worker loads while the visitor picks a file, not after.
  useEffect(() => chat.warmUp(), [chat]);

  const upload = useCallback(
    async (files: readonly File[]) => {
      if (busy.current) return;
      const checked = checkUpload(files);
      if (!checked) return;
      setError(null);
      if (!checked.ok) {
        setError(checked.message);
        toast.error(checked.message);
        return;
      }
      busy.current = true;
      setPhase(signedIn ? 'uploading' : 'reading');
      setSent(0);
      const onProgress = (next: UploadPhase, fraction?: number) => {
        setPhase(next);
        if (fraction !== undefined) setSent(fraction);
      };
      try {
        const outcome = await importChat(checked, { signedIn, chat, onProgress });
        toast.success(outcome.message);
        navigate(outcome.destination);
      } catch (failure) {
        const message = importErrorMessage(failure, checked.kind);
        setError(message);
        toast.error(message);
      } finally {
        busy.current = false;
        setPhase(null);
      }
    },
    [chat, navigate, signedIn],
  );

  return { upload, phase, sent, error, busy: phase !== null };
}
