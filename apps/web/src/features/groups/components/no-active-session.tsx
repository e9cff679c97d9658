import { SmartphoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '@/shared/account/permissions';
import { buttonClasses } from '@/shared/ui/button';

/**
 * No groups and no linked session: invite to create one, or, to those whose role cannot link a phone, say
 * who can (the Sessions screen would only show them the same reason).
 */
export function NoActiveSession() {
  const link = useCan('linkSessions');
  return (
    <section className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center shadow-sm">
      <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-8 ring-brand-50/50">
        <SmartphoneIcon className="size-7" />
      </div>
      <h2 className="text-xl font-semibold text-slate-900">No Active Session :/</h2>
      {link.roleRefused ? (
        <p className="mt-2 max-w-md text-sm leading-6 text-slate-600">{link.reason}</p>
      ) : (
        <>
          <p className="mt-2 max-w-md text-sm leading-6 text-slate-600">
            Do you wish to create a session and sync your whatsapp chat in realtime
          </p>
          <Link to="/session-info" className={buttonClasses({ className: 'mt-6' })}>
            Yes, Create Session
          </Link>
        </>
      )}
    </section>
  );
}
