import { type AuthUser, authCheckResponse } from '@wadesk/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/shared/api/api-client';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';

export const URL_TOKEN_INVALID =
  'This sign-in link is invalid or has expired. Sign in with your email and password.';

/** Who a sign-in link's token belongs to, asked without storing the token; null when it is not valid. */
async function ownerOf(token: string): Promise<AuthUser | null> {
  try {
    const answer = await apiRequest('/users/authcheck/', {
      auth: false,
      headers: { authorization: `Bearer ${token}` },
      schema: authCheckResponse,
    });
    return answer.user;
  } catch {
    return null;
  }
}

interface UrlTokenSignInProps {
  token: string;
  onContinue(): void;
  onDecline(reason: 'invalid' | 'declined'): void;
}

/**
 * A `/login?token=…` link: the token is checked first, and before it is stored the visitor sees whose
 * account it opens and chooses to continue (a link could otherwise sign someone into a stranger's
 * organisation).
 */
export function UrlTokenSignIn({ token, onContinue, onDecline }: UrlTokenSignInProps) {
  const [owner, setOwner] = useState<AuthUser | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    ownerOf(token).then((user) => {
      if (!live) return;
      if (user) setOwner(user);
      else onDecline('invalid');
    });
    return () => {
      live = false;
    };
  }, [token, onDecline]);

  if (!owner)
    return (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner /> Checking your sign-in link…
      </p>
    );
  const name = [owner.first_name, owner.last_name].filter(Boolean).join(' ');
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        This link signs you in as <strong className="font-semibold text-slate-900">{name}</strong> (
        <span className="break-all">{owner.email}</span>). Continue only if this is your account.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" size="lg" fullWidth onClick={onContinue}>
          Continue as {owner.first_name}
        </Button>
        <Button type="button" size="lg" fullWidth variant="secondary" onClick={() => onDecline('declined')}>
          Not me
        </Button>
      </div>
    </div>
  );
}
