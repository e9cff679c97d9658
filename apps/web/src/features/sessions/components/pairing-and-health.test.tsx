import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuthUser, type SessionListItem, sessionMessages } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { PublicConfigContext } from '@/shared/config/public-config';
import { formatDateTime } from '@/shared/format/format';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { SessionsScreen } from './sessions-screen';

const HOUR = 3_600_000;

const desk = (extra: Partial<SessionListItem> = {}): SessionListItem => ({
  sessionId: 'id-Desk',
  session_name: 'Desk',
  description: 'Desk phone',
  isActive: true,
  status: 'qr',
  reason: null,
  phone: null,
  created_at: '2024-03-05T08:30:00Z',
  updated_at: '2024-03-05T08:30:00Z',
  resumes_at: null,
  health: { events: [], quiet_since: null },
  ...extra,
});

const listAnswer = (sessions: SessionListItem[]) =>
  jsonResponse(200, { session_list: sessions, session_count: sessions.length, driver: 'simulator' });

// An admin links phones; only the owner holds the simulated phone (its own tests say which).
function render(user: AuthUser = person('admin')) {
  return renderRoutes(
    [
      {
        path: '/session-info',
        element: (
          <PublicConfigContext.Provider value={{ status: 'ready', config: DEMO }}>
            <AuthUserProvider user={user}>
              <SessionsScreen />
            </AuthUserProvider>
          </PublicConfigContext.Provider>
        ),
      },
    ],
    '/session-info',
  );
}

/** The server's public configuration in demo mode: the simulated phone is the driver. */
const DEMO = {
  google_client_id: null,
  demo_video_url: null,
  whatsapp_driver: 'simulator',
  contact_email: null,
} as const;

const person = (role: AuthUser['role']): AuthUser => ({
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role,
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
});

beforeEach(() => {
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
});

describe('QR modal: link with a phone number', () => {
  function server(codes: string[], failure?: { status: number; message: string }) {
    let asked = 0;
    return stubFetch((path) => {
      if (path === '/api/startSession/')
        return jsonResponse(200, {
          success: true,
          message: 'Session reconnected.',
          sessionID: 'id-Desk',
          reconnected: true,
          status: 'qr',
        });
      if (path === '/api/requestPairingCode/') {
        if (failure) return jsonResponse(failure.status, { message: failure.message });
        const code = codes[Math.min(asked, codes.length - 1)];
        asked += 1;
        return jsonResponse(200, { code, phone: '+919876543210' });
      }
      if (path === '/sim/sessions/id-Desk/enter-code')
        return jsonResponse(200, { success: true, message: 'Pairing code entered.' });
      if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 60 });
      if (path === '/api/sessionStatus/')
        return jsonResponse(200, {
          success: false,
          message: 'Waiting',
          status: 'qr',
          reason: null,
          driver: 'simulator',
          phone: null,
        });
      return listAnswer([desk()]);
    });
  }

  async function openPhoneStep() {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Reconnect Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link WhatsApp' });
    expectNamedControls();
    await user.click(within(dialog).getByRole('button', { name: 'Link with phone number instead' }));
    return { user, dialog };
  }

  it('checks the number, shows the code as ABCD-EFGH with a countdown, follows new codes, and goes back to QR', async () => {
    stubEventSource();
    const fetchMock = server(['7KQ2MXAB', 'W9PLR4TE']);
    const { user, dialog } = await openPhoneStep();
    expect(within(dialog).getByText(/Link with phone number instead/, { selector: 'strong' })).toBeTruthy();
    const input = within(dialog).getByLabelText('Phone number to link');
    await waitFor(() => expect(document.activeElement).toBe(input));

    // Not a number yet: the contract's words, and nothing is asked.
    await user.click(within(dialog).getByRole('button', { name: 'Get pairing code' }));
    expect(within(dialog).getByText(sessionMessages.invalidPhone)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/requestPairingCode/')).toBe(false);

    await user.type(input, '98765 43210{Enter}');
    const code = await within(dialog).findByTestId('pairing-code');
    expect(code.textContent).toBe('7KQ2-MXAB');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/requestPairingCode/');
    expect(sentBody(call?.[1])).toEqual({ sessionID: 'id-Desk', phone: '+919876543210' });
    expect(within(dialog).getByText('+91 98765 43210')).toBeTruthy();
    expect(within(dialog).getByTestId('pairing-countdown').textContent).toBe('100');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('region', { name: 'Pairing code' })),
    );

    // WhatsApp renewed the code: the same number is asked again.
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() => FakeEventSource.current()?.emit({ type: 'session.qr', session_id: 'id-Desk' }));
    await waitFor(() => expect(within(dialog).getByTestId('pairing-code').textContent).toBe('W9PL-R4TE'));

    await user.click(within(dialog).getByRole('button', { name: 'Link with QR code instead' }));
    expect(within(dialog).getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
    expect(within(dialog).queryByTestId('pairing-code')).toBeNull();
  });

  it('moves on to Check Session when the phone links', async () => {
    stubEventSource();
    server(['7KQ2MXAB']);
    const { user, dialog } = await openPhoneStep();
    await user.type(within(dialog).getByLabelText('Phone number to link'), '9876543210');
    await user.click(within(dialog).getByRole('button', { name: 'Get pairing code' }));
    await within(dialog).findByTestId('pairing-code');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() =>
      FakeEventSource.current()?.emit({
        type: 'session.status',
        session_id: 'id-Desk',
        status: 'connected',
        reason: null,
        phone: '919876543210',
        isActive: true,
      }),
    );
    await waitFor(() => expect(within(dialog).getByTestId('connection-state').textContent).toBe('Connected'));
  });

  it("offers the simulated phone to the owner only: it is the linked account's own phone", async () => {
    server(['7KQ2MXAB']);
    const user = userEvent.setup();
    const owner = render(person('owner'));
    await user.click(await screen.findByRole('button', { name: 'Reconnect Desk' }));
    let dialog = await screen.findByRole('dialog', { name: 'Link WhatsApp' });
    expect(await within(dialog).findByRole('button', { name: 'Simulate scan (demo mode)' })).toBeTruthy();
    owner.unmount();

    render(person('admin'));
    await user.click(await screen.findByRole('button', { name: 'Reconnect Desk' }));
    dialog = await screen.findByRole('dialog', { name: 'Link WhatsApp' });
    expect(
      await within(dialog).findByText("Only the organisation's owner holds the simulated phone."),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Simulate scan (demo mode)' })).toBeNull();
  });

  it("shows the server's reason when there is no code", async () => {
    server([], { status: 409, message: sessionMessages.alreadyLinked });
    const { user, dialog } = await openPhoneStep();
    await user.type(within(dialog).getByLabelText('Phone number to link'), '9876543210');
    await user.click(within(dialog).getByRole('button', { name: 'Get pairing code' }));
    expect(await screen.findByText(sessionMessages.alreadyLinked)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Get pairing code' })).toBeTruthy();
  });
});

describe('Sessions screen: health', () => {
  it('flags a quiet session and lists its last events with reasons and relative times', async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    stubFetch(() =>
      listAnswer([
        desk({
          status: 'connected',
          health: {
            quiet_since: ago(7 * HOUR + 5 * 60_000),
            events: [
              { kind: 'connected', reason: null, at: ago(8 * HOUR), version: null },
              {
                kind: 'disconnected',
                reason: 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com',
                at: ago(9 * HOUR),
                version: null,
              },
              { kind: 'linked', reason: null, at: ago(3 * 24 * HOUR), version: null },
            ],
          },
        }),
      ]),
    );
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table');
    expect(within(table).getByTestId('quiet-badge').textContent).toBe('No messages for 7 h');

    const toggle = within(table).getByRole('button', { name: 'Health of Desk' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('(3)');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Recent events' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    const items = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Connected8 h ago',
      'DisconnectedCannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com9 h ago',
      'Linked to the phone3 d ago',
    ]);
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Recent events' })).toBeNull();
  });

  it('says which WhatsApp Web version a connection announced, and where it came from', async () => {
    const at = new Date(Date.now() - 2 * HOUR).toISOString();
    const fetchedAt = '2026-11-27T09:15:00Z';
    stubFetch(() =>
      listAnswer([
        desk({
          status: 'connected',
          health: {
            quiet_since: null,
            events: [
              {
                kind: 'connected',
                reason: null,
                at,
                version: { number: '2.3000.1045340097', source: 'fetched', fetched_at: fetchedAt },
              },
              {
                kind: 'version_refused',
                reason: 'WhatsApp refused this client version: update wadesk or set WHATSAPP_VERSION',
                at,
                version: { number: '2.3000.1043857760', source: 'built_in', fetched_at: null },
              },
              {
                kind: 'linked',
                reason: null,
                at,
                version: { number: '2.3000.1023223821', source: 'configured', fetched_at: null },
              },
            ],
          },
        }),
      ]),
    );
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Health of Desk' }));
    const items = within(screen.getByRole('region', { name: 'Recent events' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `ConnectedWhatsApp Web 2.3000.1045340097, fetched from WhatsApp on ${formatDateTime(fetchedAt)}2 h ago`,
      "Client version refusedWhatsApp refused this client version: update wadesk or set WHATSAPP_VERSIONWhatsApp Web 2.3000.1043857760, built into wadesk's WhatsApp library2 h ago",
      'Linked to the phoneWhatsApp Web 2.3000.1023223821, set by WHATSAPP_VERSION2 h ago',
    ]);
  });

  it('says a number is banned, or banned until when, in the reader’s own time', async () => {
    const resumes = new Date(Date.now() + 3 * HOUR + 60_000).toISOString();
    stubFetch(() =>
      listAnswer([
        desk({
          status: 'temporarily_banned',
          reason: 'WhatsApp has banned this phone number for a while (402): too many people blocked it.',
          resumes_at: resumes,
        }),
        desk({
          sessionId: 'id-Field',
          session_name: 'Field',
          isActive: false,
          status: 'banned',
          reason: 'WhatsApp has banned this phone number (406). Linking it again will not help.',
        }),
      ]),
    );
    render();
    const table = await screen.findByRole('table');
    const [waiting, field] = within(table)
      .getAllByRole('row')
      .filter((row) => row.dataset.sessionId);
    expect(within(waiting as HTMLElement).getByText('Temporarily banned')).toBeTruthy();
    expect(within(waiting as HTMLElement).getByTestId('resumes-at').textContent).toBe(
      `Reconnects by itself on ${formatDateTime(resumes)} (in 3 h)`,
    );
    expect(within(field as HTMLElement).getByText('Number banned')).toBeTruthy();
    expect(within(field as HTMLElement).queryByTestId('resumes-at')).toBeNull();
  });

  it('says so when nothing happened yet, and shows no quiet badge', async () => {
    stubFetch(() => listAnswer([desk()]));
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table');
    expect(within(table).queryByTestId('quiet-badge')).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Health of Desk' }));
    expect(screen.getByText('Nothing has happened to this session yet.')).toBeTruthy();
  });
});
