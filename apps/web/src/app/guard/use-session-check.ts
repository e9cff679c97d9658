import type { AuthUser } from '@wadesk/contract';
import { useEffect, useState } from 'react';
import { fetchAuthUser } from '@/features/auth/api/auth-api';
import { useEventStream } from '@/shared/events/use-event-stream';

export type SessionCheck =
  | { status: 'checking' }
  | { status: 'allowed'; user: AuthUser }
  | { status: 'denied' };

/**
 * GET /users/authcheck/ while `hasToken`: who is signed in, or 'denied'. The API client refreshes a 401 once
 * and retries; when that fails it has already removed both tokens. A role change (by another owner, or
 * one's own demotion) is asked again at once, so the screens follow the new role.
 */
export function useSessionCheck(hasToken: boolean): SessionCheck {
  const [check, setCheck] = useState<SessionCheck>({ status: 'checking' });

  useEffect(() => {
    if (!hasToken) return;
    const controller = new AbortController();
    fetchAuthUser(controller.signal).then(
      (user) => setCheck({ status: 'allowed', user }),
      () => {
        if (!controller.signal.aborted) setCheck({ status: 'denied' });
      },
    );
    return () => controller.abort();
  }, [hasToken]);

  useEventStream((event) => {
    if (event.type !== 'members.updated') return;
    fetchAuthUser().then(
      (user) => setCheck({ status: 'allowed', user }),
      () => undefined, // a removed member's next call ends their sign-in (api-client)
    );
  }, check.status === 'allowed');

  return check;
}
