import { googleLogin } from '@/features/auth/api/auth-api';
import { useCompleteSignIn } from '@/features/auth/hooks/use-complete-sign-in';
import { toast } from '@/shared/ui/toast';
import { GoogleButton } from './google-button';

interface GoogleSignInProps {
  clientId: string;
  text?: 'signin_with' | 'signup_with';
}

/** Sign-in with Google's button: the credential is exchanged for our token pair. */
export function GoogleSignIn({ clientId, text = 'signin_with' }: GoogleSignInProps) {
  const completeSignIn = useCompleteSignIn();

  const signIn = async (credential: string) => {
    try {
      const signedIn = await googleLogin(credential);
      completeSignIn(signedIn, 'Login Successful!');
      // Signing in with Google to an account with a password removed the password and every other sign-in.
      if (signedIn.notice) toast.warn(signedIn.notice, { autoClose: false });
    } catch {
      toast.error('Something went wrong with Google login');
    }
  };

  return <GoogleButton clientId={clientId} text={text} onCredential={signIn} />;
}
