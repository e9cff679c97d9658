import { useEffect, useRef } from 'react';
import { googleLogin } from '@/features/auth/api/auth-api';
import { type GoogleCredentialResponse, loadGoogleIdentity } from '@/features/auth/hooks/google-identity';
import { useCompleteSignIn } from '@/features/auth/hooks/use-complete-sign-in';
import { toast } from '@/shared/ui/toast';

interface GoogleSignInProps {
  clientId: string;
  text?: 'signin_with' | 'signup_with';
}

/** Google's own button (rendered by its script); the credential is exchanged for our token pair. */
export function GoogleSignIn({ clientId, text = 'signin_with' }: GoogleSignInProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const completeSignIn = useCompleteSignIn();
  const completeRef = useRef(completeSignIn);
  completeRef.current = completeSignIn;

  useEffect(() => {
    let active = true;
    const onCredential = async ({ credential }: GoogleCredentialResponse) => {
      if (!credential) {
        toast.error('Google login was unsuccessful.');
        return;
      }
      try {
        const signedIn = await googleLogin(credential);
        completeRef.current(signedIn, 'Login Successful!');
        // An account registered with this address before it was verified lost its password.
        if (signedIn.notice) toast.warn(signedIn.notice, { autoClose: false });
      } catch {
        toast.error('Something went wrong with Google login');
      }
    };
    loadGoogleIdentity()
      .then((identity) => {
        const container = containerRef.current;
        if (!active || !container) return;
        identity.initialize({ client_id: clientId, callback: (response) => void onCredential(response) });
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
