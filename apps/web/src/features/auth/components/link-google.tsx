import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { linkGoogle } from '@/features/auth/api/auth-api';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { usePublicConfig } from '@/shared/config/public-config';
import { Dialog } from '@/shared/ui/dialog';
import { NavItemButton } from '@/shared/ui/nav-item';
import { toast } from '@/shared/ui/toast';
import { GoogleButton } from './google-button';

/**
 * "Link Google account" in the account menu, for a signed-in user without one (when Google sign-in is
 * configured). Linking here keeps the password and every sign-in; signing in with Google on the sign-in
 * page instead would remove them (docs/decisions/0016, Accounts).
 */
export function LinkGoogleNavItem() {
  const { user } = useAuth();
  const { config } = usePublicConfig();
  const [open, setOpen] = useState(false);
  const [linked, setLinked] = useState(false);
  const clientId = config?.google_client_id;
  if (!clientId || !user || user.google_linked || linked) return null;

  const link = async (credential: string) => {
    try {
      const answer = await linkGoogle(credential);
      setLinked(true);
      setOpen(false);
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Your Google account could not be linked. Try again.'));
    }
  };

  return (
    <>
      <NavItemButton icon={<LinkIcon />} onClick={() => setOpen(true)}>
        Link Google account
      </NavItemButton>
      <Dialog open={open} onClose={() => setOpen(false)} title="Link your Google account" size="max-w-md">
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            Then you can sign in with Google as well as with your password. Choose the Google account of{' '}
            <strong className="break-all text-slate-900">{user.email}</strong>.
          </p>
          <p>Your password and the devices you are signed in on stay as they are.</p>
          <GoogleButton clientId={clientId} text="continue_with" onCredential={link} />
        </div>
      </Dialog>
    </>
  );
}
