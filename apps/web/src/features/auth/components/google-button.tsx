import { useEffect, useRef } from 'react';
import { type GoogleCredentialResponse, loadGoogleIdentity } from '@/features/auth/hooks/google-identity';
import { toast } from '@/shared/ui/toast';

interface GoogleButtonProps {
  clientId: string;
  text?: 'signin_with' | 'signup_with' | 'continue_with';
  /** What to do with the ID token Google gave: sign in with it, or link it to the signed-in account. */
  onCredential: (credential: string) => Promise<void>;
}

/** Google's own button (rendered by its script); the credential it yields goes to `onCredential`. */
export function GoogleButton({ clientId, text = 'signin_with', onCredential }: GoogleButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;

  useEffect(() => {
    let active = true;
    const handle = ({ credential }: GoogleCredentialResponse) => {
      if (!credential) {
        toast.error('Google login was unsuccessful.');
        return;
      }
      void onCredentialRef.current(credential);
    };
    loadGoogleIdentity()
      .then((identity) => {
        const container = containerRef.current;
        if (!active || !container) return;
        identity.initialize({ client_id: clientId, callback: handle });
        const width = Math.min(400, Math.max(200, container.clientWidth || 320));
        identity.renderButton(container, { type: 'standard', theme: 'outline', size: 'large', text, width });
      })
      .catch(() => {
        if (active) toast.error('Something went wrong with google auth');
      });
    return () => {
      active = false;
    };
  }, [clientId, text]);

  return <div ref={containerRef} className="flex min-h-10 w-full justify-center" />;
}
