// The Whatsapp Chat screen's tests: a fake server for its API calls and the groups, sessions and
// messages they answer with.
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { GroupMessage, SessionGroup } from '@wadesk/contract';
import { VirtuosoMockContext } from 'react-virtuoso';
import { WhatsappChatScreen } from '@/features/groups/components/whatsapp-chat-screen';
import { jsonResponse, renderRoutes, stubFetch, userWithRole } from '@/testing/render-routes';

export const todayStart = new Date(new Date().getFullYear(), new Date().getMonth(), new Date().getDate());
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const GROUPS: SessionGroup[] = [
  {
    group_id: 'g1@g.us',
    name: 'Pune Support',
    session_name: 'Desk',
    session_id: 's1',
    last_message: {
      preview: '📷 Photo: the broken box',
      timestamp: seconds(todayStart) + 60,
      from_me: false,
      author_name: 'Ravi Kumar',
    },
    unread_count: 2,
    ticket_mode: 'watch',
    satisfaction_poll: 'organisation',
    open_tickets: 0,
  },
  {
    group_id: 'g2@g.us',
    name: 'Customer escalations — North India region',
    session_name: 'Desk',
    session_id: 's1',
    last_message: {
      preview: 'We are on it',
      timestamp: seconds(todayStart) - 3600,
      from_me: true,
      author_name: null,
    },
    unread_count: 0,
    ticket_mode: 'watch',
    satisfaction_poll: 'organisation',
    open_tickets: 0,
  },
  {
    group_id: 'g3@g.us',
    name: 'pune deliveries',
    session_name: 'Field',
    session_id: 's2',
    last_message: {
      preview: 'Delivered',
      timestamp: seconds(new Date(2024, 2, 5, 10, 0)),
      from_me: false,
      author_name: null,
    },
    unread_count: 1234,
    ticket_mode: 'watch',
    satisfaction_poll: 'organisation',
    open_tickets: 0,
  },
];

export const session = (sessionId: string, name: string) => ({
  sessionId,
  session_name: name,
  description: 'd',
  isActive: true,
  status: 'connected',
  reason: null,
  phone: null,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-01T10:00:00Z',
});

let seq = 0;
export function message(extra: Partial<GroupMessage> = {}): GroupMessage {
  seq += 1;
  return {
    msg_id: `m${seq}`,
    id: `W${seq}`,
    author: '919800000001@s.whatsapp.net',
    author_name: 'Ravi Kumar',
    author_number: '919800000001',
    from_me: false,
    body: `hello ${seq}`,
    has_media: false,
    message_type: 'chat',
    media_base64: null,
    mimetype: null,
    filename: null,
    has_quoted_msg: false,
    quoted_msg_id: null,
    quoted_msg: null,
    quoted_participant_name: null,
    timestamp: 1_709_280_000 + seq * 60,
    ...extra,
  };
}

export const page = (messages: GroupMessage[], extra: Record<string, unknown> = {}) =>
  jsonResponse(200, {
    success: true,
    messages,
    has_more_before: true,
    has_more_after: false,
    history_pending: false,
    history_note: null,
    ...extra,
  });

/**
 * Answers getGroupsMsg like the server over a stored history (oldest first): the newest page, the page
 * before or after a message, the page around one (50 before it) and the page from a time on.
 */
export function historyPages(history: readonly GroupMessage[], size = 100) {
  const at = (id: unknown) => history.findIndex((m) => m.msg_id === id || m.id === id);
  return (body: Record<string, unknown>): Response => {
    let from = Math.max(0, history.length - size);
    let to = history.length;
    if (body.msg_type === 'prev') {
      to = at(body.msg_id);
      from = Math.max(0, to - size);
    } else if (body.msg_type === 'next') {
      from = at(body.msg_id) + 1;
      to = Math.min(history.length, from + size);
    } else if (body.msg_type === 'around') {
      const index = at(body.msg_id);
      if (index < 0) return jsonResponse(404, { message: 'Message not found' });
      from = Math.max(0, index - size / 2);
      to = Math.min(history.length, from + size);
    } else if (body.msg_type === 'date') {
      const index = history.findIndex((m) => m.timestamp >= Number(body.timestamp));
      if (index >= 0) {
        from = index;
        to = Math.min(history.length, from + size);
      }
    }
    return page(history.slice(from, to), {
      has_more_before: from > 0,
      has_more_after: to < history.length,
    });
  };
}

export interface ServerOptions {
  groups?: SessionGroup[];
  sessions?: ReturnType<typeof session>[];
  messages?: (body: Record<string, unknown>) => Response;
  other?: (path: string, body: Record<string, unknown>) => Response | undefined;
}

export function server(options: ServerOptions = {}) {
  return stubFetch((path, init) => {
    const body = (init.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
    const answer = options.other?.(path, body);
    if (answer) return answer;
    if (path === '/api/getGroups/') {
      const groups = options.groups ?? GROUPS;
      return jsonResponse(200, { success: true, groups, groups_count: groups.length });
    }
    if (path === '/api/getSessionsList/') {
      const sessions = options.sessions ?? [session('s1', 'Desk'), session('s2', 'Field')];
      return jsonResponse(200, {
        session_list: sessions,
        session_count: sessions.length,
        driver: 'simulator',
      });
    }
    if (path === '/api/getGroupsMsg/') return options.messages?.(body) ?? page([]);
    if (path === '/api/markGroupRead/') return jsonResponse(200, { success: true, unread_count: 0 });
    if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
    return jsonResponse(404, { message: 'not here' });
  });
}

/**
 * The chat page signed in as an admin unless told otherwise; `entry`: the address opened, e.g. a ticket's
 * link with `?session=…&group=…&message=…`. jsdom lays nothing out: the virtualised list is told a viewport
 * of `viewportHeight` px with 40 px rows. The tall default renders every message, and its top is on screen
 * at once, so older pages load by themselves as they would for a short group; a short viewport shows the
 * list's end only, as a long group opens.
 *
 * The list opens at its end: react-virtuoso keeps its items `visibility: hidden` for a few animation
 * frames, until it has scrolled there. Text queries find them at once; role queries, like a screen reader,
 * skip them until then. So the first role query inside the list after it opens is a `findByRole`.
 */
export function render(entry = '/whatsapp-chat', user = userWithRole('admin'), viewportHeight = 100_000) {
  return renderRoutes(
    [
      {
        path: '/whatsapp-chat',
        element: (
          <VirtuosoMockContext.Provider value={{ viewportHeight, itemHeight: 40 }}>
            <WhatsappChatScreen />
          </VirtuosoMockContext.Provider>
        ),
      },
      { path: '/session-info', element: <p>sessions page</p> },
    ],
    entry,
    { user },
  );
}

export const groupRows = () =>
  within(screen.getByRole('list', { name: 'Groups' }))
    .getAllByRole('button')
    .map((row) => row.getAttribute('title'));

export async function openGroup(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
}
