import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SessionListItem, verifyFirst } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { SessionsScreen } from './sessions-screen';

const item = (name: string, created: string, isActive: boolean, extra: Partial<SessionListItem> = {}) =>
  ({
    sessionId: `id-${name}`,
    session_name: name,
    description: `${name} desk`,
    isActive,
    status: isActive ? 'connected' : 'terminated',
    reason: null,
    phone: null,
    created_at: created,
    updated_at: created,
    resumes_at: null,
    health: { events: [], quiet_since: null },
    ...extra,
  }) satisfies SessionListItem;

const SESSIONS = [
  item('Sales', '2024-03-05T08:30:00Z', true),
  item('Old', '2024-01-02T08:30:00Z', false),
  item('Offline', '2024-02-02T08:30:00Z', true, {
    status: 'unreachable',
    reason: 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com',
  }),
];

const listAnswer = (sessions: SessionListItem[]) =>
  jsonResponse(200, { session_list: sessions, session_count: sessions.length, driver: 'baileys' });

function render(user = userWithRole('admin')) {
  return renderRoutes(
    [
      { path: '/session-info', element: <SessionsScreen /> },
      { path: '/whatsapp-chat', element: <p>chat page</p> },
    ],
    '/session-info',
    { user },
  );
}

const table = () => screen.getByRole('table');
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('SessionsScreen', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('lists sessions with their live state, sorts by created date and filters Active / Inactive', async () => {
    stubFetch(() => listAnswer(SESSIONS));
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    expectNamedControls();
    expect(rowNames()).toEqual(['Sales', 'Offline', 'Old']);
    expect(within(table()).getAllByText('Active')).toHaveLength(2);
    expect(within(table()).getByText('Not-active')).toBeTruthy();
    expect(within(table()).getAllByText('Connected')).toHaveLength(1);
    expect(within(table()).getByText('Cannot reach WhatsApp')).toBeTruthy();
    expect(within(table()).getByText('getaddrinfo ENOTFOUND web.whatsapp.com')).toBeTruthy();
    expect(within(table()).getAllByText(/5 Mar 2024/)).toHaveLength(2); // created and last updated

    await user.click(screen.getByRole('button', { name: /sort by created date/i }));
    expect(rowNames()).toEqual(['Old', 'Offline', 'Sales']);

    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(rowNames()).toEqual(['Old']);
    await user.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    expect(screen.getByText('No previous Sessions found.')).toBeTruthy();

    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.activeSessions) ?? '[]')).toEqual([
      { id: 'id-Sales', session_name: 'Sales', sessionId: 'id-Sales' },
      { id: 'id-Offline', session_name: 'Offline', sessionId: 'id-Offline' },
    ]);
  });

  it('says No previous Sessions found. for an empty list', async () => {
    stubFetch(() => listAnswer([]));
    render();
    expect(await screen.findByText('No previous Sessions found.')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.activeSessions)).toBe('[]');
  });

  it('creates a session: whitespace is stripped as typed, both fields are required, then the QR modal opens', async () => {
    const fetchMock = stubFetch((path) => {
      if (path === '/api/startSession/')
        return jsonResponse(200, {
          success: true,
          message: 'Session created.',
          sessionID: 'new-id',
          reconnected: false,
          status: 'starting',
        });
      if (path === '/api/sessionStatus/')
        return jsonResponse(200, {
          success: false,
          message: 'Waiting for scan',
          status: 'qr',
          reason: null,
          driver: 'baileys',
          phone: null,
        });
      return listAnswer([]);
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Session' });
    const name = within(dialog).getByLabelText('Session Name') as HTMLInputElement;
    await user.type(name, ' Support  Desk ');
    expect(name.value).toBe('SupportDesk');

    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await screen.findByText('Fill the details corretly')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/startSession/')).toBe(false);
    // The missing field is marked as Add Agent marks its fields; the filled one is not.
    const description = within(dialog).getByLabelText('Description');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Enter a description for the session.').id).toBe(
      description.getAttribute('aria-describedby'),
    );
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText('Enter a name for the session.')).toBeNull();

    await user.type(within(dialog).getByLabelText('Description'), 'Main support number');
    expect(description.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    const qr = await screen.findByRole('dialog', { name: 'Link WhatsApp' });
    const start = fetchMock.mock.calls.find(([url]) => url === '/api/startSession/');
    expect(sentBody(start?.[1])).toEqual({ session_name: 'SupportDesk', description: 'Main support number' });
    expect(screen.queryByRole('dialog', { name: 'Create Session' })).toBeNull();
    expect(within(qr).getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
    expect(within(qr).getByText(/Linked devices/)).toBeTruthy();
    expect(within(qr).getByRole('img', { name: 'Sample QR code' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe('new-id');
  });

  it('shows the session-limit toast and closes the modal when the limit is reached', async () => {
    stubFetch((path) =>
      path === '/api/startSession/'
        ? jsonResponse(403, { message: 'Active session limit reached (1). Terminate a session first.' })
        : listAnswer([]),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    await user.type(screen.getByLabelText('Session Name'), 'Two');
    await user.type(screen.getByLabelText('Description'), 'Second');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Session' }));
    expect(await screen.findByText('Active session limit exhausted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the generic failure and keeps the modal open on another error', async () => {
    stubFetch((path) => (path === '/api/startSession/' ? jsonResponse(500) : listAnswer([])));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    await user.type(screen.getByLabelText('Session Name'), 'Two');
    await user.type(screen.getByLabelText('Description'), 'Second');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Session' }));
    expect(await screen.findByText('Something went wrong while creating session!')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Session' })).toBeTruthy();
  });
});

describe('QR modal', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:qr'), revokeObjectURL: vi.fn() }),
    );
  });

  const waiting = item('Desk', '2024-03-05T08:30:00Z', true, { status: 'qr' });

  function server(options: {
    qr: 'png' | 'fail' | 'unreachable' | 'refused';
    statusConnected?: boolean;
    terminate?: boolean;
  }) {
    let connected = options.statusConnected ?? false;
    return stubFetch((path) => {
      if (path === '/api/startSession/')
        return jsonResponse(200, {
          success: true,
          message: 'Session reconnected.',
          sessionID: 'id-Desk',
          reconnected: true,
          status: 'qr',
        });
      if (path === '/api/generateQRCode/')
        return options.qr === 'png'
          ? new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
              headers: { 'content-type': 'image/png' },
            })
          : options.qr === 'unreachable'
            ? jsonResponse(409, {
                message:
                  'No QR code is available for this session right now. Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com',
              })
            : options.qr === 'refused'
              ? jsonResponse(403, { message: verifyFirst('link') })
              : jsonResponse(500, { message: 'boom' });
      if (path === '/api/terminateSession/') {
        connected = false;
        return jsonResponse(200, { success: true, message: 'Session terminated.' });
      }
      if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 60 });
      if (path === '/api/sessionStatus/')
        return jsonResponse(200, {
          success: connected,
          message: connected ? 'Connected' : 'Not connected',
          status: connected ? 'connected' : 'qr',
          reason: null,
          driver: 'baileys',
          phone: connected ? '4917012345678' : null,
        });
      return listAnswer([waiting]);
    });
  }

  async function openModal() {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Reconnect Desk' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Link WhatsApp' }) };
  }

  it('generates the QR code with a 100 s countdown and a regenerate button', async () => {
    const fetchMock = server({ qr: 'png' });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    const image = (await within(dialog).findByRole('img', {
      name: 'QR code to link WhatsApp',
    })) as HTMLImageElement;
    expect(image.src).toBe('blob:qr');
    expect(screen.getByText('qr generated')).toBeTruthy();
    expect(within(dialog).getByTestId('qr-countdown').textContent).toBe('100');
    expect(within(dialog).getByRole('button', { name: 'Regenerate QR Code' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/generateQRCode/');
    expect(sentBody(call?.[1])).toEqual({ sessionID: 'id-Desk' });
  });

  it('replaces the QR code live when WhatsApp rotates it, and moves on by itself once the phone links', async () => {
    stubEventSource();
    let made = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => `blob:qr-${++made}`), revokeObjectURL: vi.fn() }),
    );
    const fetchMock = server({ qr: 'png' });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    const image = () =>
      within(dialog).getByRole('img', { name: 'QR code to link WhatsApp' }) as HTMLImageElement;
    await waitFor(() => expect(image().src).toBe('blob:qr-1'));
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());

    act(() => FakeEventSource.current()?.emit({ type: 'session.qr', session_id: 'someone-else' }));
    act(() => FakeEventSource.current()?.emit({ type: 'session.qr', session_id: 'id-Desk' }));
    await waitFor(() => expect(image().src).toBe('blob:qr-2'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/generateQRCode/')).toHaveLength(2);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:qr-1');

    act(() =>
      FakeEventSource.current()?.emit({
        type: 'session.status',
        session_id: 'id-Desk',
        status: 'connected',
        reason: null,
        phone: '4917012345678',
        isActive: true,
      }),
    );
    await waitFor(() => expect(within(dialog).getByTestId('connection-state').textContent).toBe('Connected'));
    expect(within(dialog).getByText('Linked to +49 170 12345678')).toBeTruthy();
  });

  it('says qr not generated when the server fails', async () => {
    server({ qr: 'fail' });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    expect(await screen.findByText('qr not generated')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
  });

  it("shows the server's words when it refuses the QR code", async () => {
    server({ qr: 'refused' });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    expect(await screen.findByText(verifyFirst('link'))).toBeTruthy();
  });

  it('says at once why there is no QR code when WhatsApp cannot be reached', async () => {
    server({ qr: 'unreachable' });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR Code' }));
    expect(
      await screen.findByText(
        'qr not generated: Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
  });

  it('Check Status shows Connected; Terminate Session checks the status again; Sync Now opens the chat page', async () => {
    const fetchMock = server({ qr: 'png', statusConnected: true });
    const { user, dialog } = await openModal();
    // Connected from the quiet check when the modal opened: step 1 moved on to Check Session.
    await waitFor(() => expect(within(dialog).getByTestId('connection-state').textContent).toBe('Connected'));
    const before = screen.getAllByText('Connected').length;
    await user.click(within(dialog).getByRole('button', { name: 'Check Status' }));
    // The server's message, as a toast.
    await waitFor(() => expect(screen.getAllByText('Connected').length).toBe(before + 1));

    await user.click(within(dialog).getByRole('button', { name: 'Terminate Session' }));
    const confirm = screen.getByRole('dialog', { name: 'Terminate this session?' });
    expect(confirm.textContent).toContain('scan the QR code again');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/terminateSession/')).toBe(false);
    // Cancel closes only the question: the QR modal stays, still connected.
    expect(within(dialog).getByTestId('connection-state').textContent).toBe('Connected');

    await user.click(within(dialog).getByRole('button', { name: 'Terminate Session' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Terminate this session?' })).getByRole('button', {
        name: 'Terminate Session',
      }),
    );
    expect(await screen.findByText('Session terminated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terminate this session?' })).toBeNull());
    await waitFor(() =>
      expect(within(dialog).getByTestId('connection-state').textContent).toBe('Not-Connected'),
    );
    const statusCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/sessionStatus/');
    expect(statusCalls.length).toBeGreaterThanOrEqual(3);

    await user.click(within(dialog).getByRole('button', { name: /Sync Chats/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('chat page')).toBeTruthy();
  });
});
