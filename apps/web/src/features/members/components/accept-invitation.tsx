import { useQuery } from '@tanstack/react-query';
import { memberMessages, type TokenPair } from '@wadesk/contract';
import type { ComponentType, ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { invitationLookupQuery } from '@/features/members/api/members-queries';
import { MEMBER_TEXTS } from '@/features/members/utils/member-texts';
import { useAuth } from '@/shared/account/auth-context';
import { isApiError } from '@/shared/api/api-error';
import { buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { AcceptInvitationForm } from './accept-invitation-form';

/** The page frame the app gives this screen (the sign-in screens' layout). */
export type AcceptInvitationFrame = ComponentType<{
  title: string;
  subtitle: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}>;

const linkClass = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';
const signInFooter = (
  <>
    Already have an account?{' '}
    <Link to="/login" className={linkClass}>
      Sign in
    </Link>
  </>
);

function Lookup({ token, Frame }: { token: string; Frame: AcceptInvitationFrame }) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const lookup = useQuery({ ...invitationLookupQuery(token), enabled: token !== '' });

  const joined = (tokens: TokenPair) => {
    signIn(tokens);
    toast.success(MEMBER_TEXTS.joined);
    navigate('/dashboard', { replace: true });
  };

  if (token === '' || lookup.isError) {
    // 400 is the server's word for a link that is wrong, used or expired; anything else is a failure to ask.
    const refused = token === '' || (isApiError(lookup.error) && lookup.error.status === 400);
    return (
      <Frame
        title="Invitation"
        subtitle="This link cannot be used."
        footer={
          <>
            New to wadesk?{' '}
            <Link to="/register" className={linkClass}>
              Create an account
            </Link>
          </>
        }
      >
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          {refused ? memberMessages.invitationInvalid : MEMBER_TEXTS.lookupFailed}
        </p>
        <Link to="/login" className={buttonClasses({ fullWidth: true, className: 'mt-6' })}>
          Go to sign in
        </Link>
      </Frame>
    );
  }
  if (!lookup.data) {
    return (
      <Frame title="Invitation" subtitle="Checking your invitation…" footer={signInFooter}>
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner className="size-8" label="Checking your invitation" />
        </div>
      </Frame>
    );
  }
  const { organisation_name, role, existing_account } = lookup.data;
  const title = `Join ${organisation_name} as ${role === 'admin' ? 'an admin' : 'a member'}`;
  if (existing_account === 'unverified_in_use' || existing_account === 'taken') {
    // An account of this address that joining may not replace: the form could only be refused.
    return (
      <Frame title={title} subtitle="This address already has a wadesk account." footer={signInFooter}>
        <p
          role="alert"
          className="rounded-lg bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          {existing_account === 'taken' ? memberMessages.accountElsewhere : memberMessages.addressInUse}
        </p>
        <Link to="/login" className={buttonClasses({ fullWidth: true, className: 'mt-6' })}>
          Go to sign in
        </Link>
      </Frame>
    );
  }
  return (
    <Frame
      title={title}
      subtitle="Create your account to work the desk with your team."
      footer={signInFooter}
    >
      {existing_account === 'unverified_empty' ? (
        <p className="mb-5 rounded-lg bg-slate-50 px-4 py-3 text-sm leading-6 text-slate-700 ring-1 ring-slate-200 ring-inset">
          {memberMessages.replacesUnverified}
        </p>
      ) : null}
      <AcceptInvitationForm token={token} invitation={lookup.data} onJoined={joined} />
    </Frame>
  );
}

/**
 * The page an invitation mail's link opens (/accept-invitation?token=…): no sign-in needed. Someone
 * already signed in is asked to sign out first, since an account belongs to one organisation.
 */
export function AcceptInvitation({ token, Frame }: { token: string; Frame: AcceptInvitationFrame }) {
  const { isSignedIn } = useAuth();
  // Joining signs in: the screen must not turn into the "sign out first" note on its way out.
  const [signedInOnArrival] = useState(isSignedIn);
  if (signedInOnArrival) {
    return (
      <Frame
        title="Sign out first"
        subtitle="You are signed in to wadesk in this browser."
        footer={
          <Link to="/dashboard" className={linkClass}>
            Back to the dashboard
          </Link>
        }
      >
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900 ring-1 ring-amber-200 ring-inset">
          An account belongs to one organisation. To accept this invitation, sign out, then open the link from
          the invitation mail again to create the invited account.
        </p>
      </Frame>
    );
  }
  return <Lookup token={token} Frame={Frame} />;
}
