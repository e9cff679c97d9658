import { type ServerEvent, streamTokenResponse } from '@wadesk/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { api, apiUrl } from '@/shared/api/api-client';
import { tokenStorage } from '@/shared/storage/storage';
import { createEventStream, type EventStream } from './event-stream';
import { sharedStream } from './shared-stream';

function createTabStream(): EventStream {
  return createEventStream({
    // EventSource cannot send headers, so the bearer token buys a short-lived stream token for the URL.
    fetchStreamToken: async () =>
      (await api.post('/events/stream-token/', {}, streamTokenResponse)).stream_token,
    open: (streamToken) =>
      new EventSource(apiUrl(`/events/?stream_token=${encodeURIComponent(streamToken)}`)),
    signedIn: () => tokenStorage.getAccessToken() !== null,
  });
}

/**
 * Calls `handler` with every event of the organisation's live stream while the component is mounted
 * (and `enabled`). All components share one connection. A `ready` event starts every (re)connected
 * stream: refetch what you show then, since events missed while disconnected are not replayed.
 */
export function useEventStream(handler: (event: ServerEvent) => void, enabled = true): void {
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    // Without EventSource (very old browsers, jsdom) the screens still work, only not live.
    if (!enabled || typeof EventSource === 'undefined') return;
    return sharedStream(createTabStream).subscribe((event) => handlerRef.current(event));
  }, [enabled]);
}
