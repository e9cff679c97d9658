import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MemberRole, type ReportRow, reportMessages } from '@wadesk/contract';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportCharts, reportRow } from '@/features/reports/testing/report-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { stubCanvas } from '@/testing/fake-canvas';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { ReportsScreen } from './reports-screen';

// 06:00 UTC on 7 May 2026: "Last 7 days" is 1–7 May (`to` 8 May, exclusive), the period before 24–30 Apr.
const NOW = new Date('2026-05-07T06:00:00Z');
const WEEK = { from: '2026-05-01', to: '2026-05-08' };
const WEEK_BEFORE = { from: '2026-04-24', to: '2026-05-01' };
const DAYS = [
  '2026-05-01',
  '2026-05-02',
  '2026-05-03',
  '2026-05-04',
  '2026-05-05',
  '2026-05-06',
  '2026-05-07',
];

const BEFORE = reportRow({
  tickets_opened: 50,
  first_response: { count: 40, p50_seconds: 900, p90_seconds: 11_100 },
  csat: { asked: 10, responses: 5, average: 4 },
});
const BY_LABEL: ReportRow[] = [
  reportRow({ key: 'label:3', name: 'Refunds', tickets_opened: 12 }),
  reportRow({
    key: 'label:4',
    name: 'Delivery',
    tickets_opened: 30,
    first_response: { count: 0, p50_seconds: null, p90_seconds: null },
    csat: { asked: 0, responses: 0, average: null },
  }),
];

interface Asked {
  from: string;
  to: string;
  group_by?: string;
  calendar: string;
}

/** The desk's answers: this week's totals, the week before's, a grouping by label and the charts. */
function server(options: { totals?: ReportRow } = {}) {
  return stubFetch((path, init) => {
    const body = sentBody(init) as Asked;
    if (path === '/org/getReportSummary/') {
      const rows =
        body.group_by === 'label'
          ? BY_LABEL
          : body.group_by === 'member'
            ? [reportRow({ key: 'member:7', name: 'Asha Rao' })]
            : [body.from === WEEK_BEFORE.from ? BEFORE : (options.totals ?? reportRow())];
      return jsonResponse(200, { time_zone: 'Asia/Kolkata', rows });
    }
    if (path === '/org/getReportCharts/') return jsonResponse(200, reportCharts(DAYS));
    if (path.startsWith('/org/ticketsReport.csv'))
      return new Response('Ticket,Customer\r\n', { status: 200 });
    return jsonResponse(404, { message: `unexpected ${path}` });
  });
}

const asked = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => sentBody(init) as Asked);

function InboxProbe() {
  const location = useLocation();
  return <p>inbox at {`${location.pathname}${location.search}`}</p>;
}

function render(role: MemberRole = 'owner', entry = '/reports') {
  return renderRoutes(
    [
      { path: '/reports', element: <ReportsScreen /> },
      { path: '/inbox', element: <InboxProbe /> },
    ],
    entry,
    { user: userWithRole(role) },
  );
}

const figure = (id: string) => screen.getByTestId(`figure-${id}`);
const value = (id: string) => figure(id).querySelector('[data-figure-value]')?.textContent;

describe('ReportsScreen', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    stubCanvas();
  });

  it('shows the totals of the last 7 days, each compared with the 7 days before, in the organisation’s zone', async () => {
    const fetchMock = server();
    render();
    await screen.findByTestId('figure-opened');
    expect(asked(fetchMock, '/org/getReportSummary/')).toEqual(
      expect.arrayContaining([
        { ...WEEK, group_by: 'none', calendar: 'business' },
        { ...WEEK_BEFORE, group_by: 'none', calendar: 'business' },
      ]),
    );
    expect(screen.getByText(/Tickets opened 1–7 May 2026, compared with the 7 days before/).textContent).toBe(
      'Tickets opened 1–7 May 2026, compared with the 7 days before (24–30 Apr 2026).',
    );
    expect(await screen.findByText('Times in Asia/Kolkata')).toBeTruthy();

    expect(value('opened')).toBe('40');
    // 40 against 50: down a fifth; more or fewer tickets is neither better nor worse.
    expect(within(figure('opened')).getByText('▼ 20%')).toBeTruthy();
    expect(within(figure('opened')).getByText('Down 20% on the period before.')).toBeTruthy();
    // A first answer 3 minutes faster is better, in words as well as in colour.
    expect(value('first-median')).toBe('12 min');
    expect(value('first-p90')).toBe('3 h 5 min');
    const faster = within(figure('first-median')).getByText('▼ 3 min better');
    expect(faster.closest('[data-tone]')?.getAttribute('data-tone')).toBe('good');
    expect(within(figure('first-p90')).getByText('No change')).toBeTruthy();
    expect(value('sla-first')).toBe('90%');
    expect(within(figure('sla-first')).getByText('27 of 30 in time')).toBeTruthy();
    expect(value('sla-resolution')).toBe('—');
    expect(value('satisfaction')).toBe('4.3 / 5');
    expect(within(figure('satisfaction')).getByText('▲ 0.3 better')).toBeTruthy();
    expect(value('desk-replies')).toBe('90');
    expect(value('phone-replies')).toBe('30');
    expect(value('customers')).toBe('25');

    // The team's row, whose figures open its tickets.
    const table = await screen.findByRole('table', { name: 'Team totals, tickets opened 1–7 May 2026' });
    expect(within(table).getByRole('link', { name: 'Everyone' }).getAttribute('href')).toBe(
      '/inbox?report=2026-05-01%2C2026-05-08%2Call&report_name=Everyone',
    );
    expect(asked(fetchMock, '/org/getReportCharts/')).toContainEqual({ ...WEEK, calendar: 'business' });
    expectNamedControls();
  });

  it('reads “today” in the organisation’s zone once the server has named it', async () => {
    // 20:30 UTC on 6 May: already 7 May in Kolkata, whatever the browser's zone says.
    vi.setSystemTime(new Date('2026-05-06T20:30:00Z'));
    const fetchMock = server();
    render('owner', '/reports?period=today');
    expect(
      await screen.findByText('Tickets opened 7 May 2026, compared with the day before (6 May 2026).'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(asked(fetchMock, '/org/getReportSummary/')).toContainEqual({
        from: '2026-05-07',
        to: '2026-05-08',
        group_by: 'none',
        calendar: 'business',
      }),
    );
  });

  it('says “No ratings yet” and compares nothing where the period before has no figure', async () => {
    server({ totals: reportRow({ csat: { asked: 4, responses: 0, average: null } }) });
    render();
    await screen.findByTestId('figure-opened');
    expect(value('satisfaction')).toBe('No ratings yet');
    expect(within(figure('satisfaction')).getByText('0 of 4 answered (0%)')).toBeTruthy();
    expect(figure('satisfaction').querySelector('[data-tone]')).toBeNull();
  });

  it('asks for the grouping chosen and the clock, and a figure opens its row’s tickets in the inbox', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByTestId('figure-opened');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Label');
    await user.click(screen.getByRole('button', { name: 'Wall time' }));
    const table = await screen.findByRole('table', { name: 'By label, tickets opened 1–7 May 2026' });
    expect(asked(fetchMock, '/org/getReportSummary/')).toContainEqual({
      ...WEEK,
      group_by: 'label',
      calendar: 'wall',
    });
    expect(router.state.location.search).toBe('?group=label&time=wall');

    // Most tickets first; a header sorts the other way round.
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Delivery', 'Refunds']);
    await user.click(within(table).getByRole('button', { name: 'Opened' }));
    expect(names()).toEqual(['Refunds', 'Delivery']);
    expect(within(table).getByRole('columnheader', { name: 'Opened' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    // No first answer yet: a dash, with nothing to open.
    const delivery = table.querySelector('[data-row-key="label:4"]') as HTMLElement;
    expect(within(delivery).queryByRole('link', { name: /First response \(median\)/ })).toBeNull();

    await user.click(within(table).getByRole('link', { name: '12 (Opened, Refunds)' }));
    expect(await screen.findByText(/inbox at/)).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/inbox?report=2026-05-01%2C2026-05-08%2Clabel%3A3&report_name=Refunds',
    );
  });

  it('shows each row’s satisfaction in the table: the average of 5 and the polls answered, a dash when none was asked', async () => {
    server();
    const user = userEvent.setup();
    render();
    await screen.findByTestId('figure-opened');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Label');
    const table = await screen.findByRole('table', { name: 'By label, tickets opened 1–7 May 2026' });
    expect(within(table).getByRole('columnheader', { name: 'Satisfaction' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Polls answered' })).toBeTruthy();
    // Refunds: 12 of 20 polls answered, 4.25 on average.
    expect(within(table).getByRole('link', { name: '4.3 / 5 (Satisfaction, Refunds)' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: '60% (Polls answered, Refunds)' })).toBeTruthy();
    // Delivery: no poll asked, so neither figure, and nothing to open.
    const delivery = table.querySelector('[data-row-key="label:4"]') as HTMLElement;
    expect(within(delivery).queryByRole('link', { name: /Satisfaction|Polls answered/ })).toBeNull();
    const cells = within(delivery).getAllByRole('cell');
    expect(cells.slice(-2).map((cell) => cell.textContent)).toEqual(['—None', '—None']);
  });

  it('offers a member Everyone and Member only, and no tickets download', async () => {
    const fetchMock = server();
    // A grouping a member may not ask for, from a link: the team's totals instead.
    render('member', '/reports?group=customer');
    await screen.findByTestId('figure-opened');
    const options = within(screen.getByRole('combobox', { name: 'Group by' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Everyone', 'Member']);
    expect(screen.queryByRole('button', { name: 'Download tickets CSV' })).toBeNull();
    expect(asked(fetchMock, '/org/getReportSummary/').map((body) => body.group_by)).not.toContain('customer');
  });

  it('shows an invalid custom range’s error and asks for nothing until it is valid', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByTestId('figure-opened');
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    // The custom range starts from the days shown.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-05-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-05-07');
    const before = fetchMock.mock.calls.length;

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-20' } });
    expect((await screen.findByRole('alert')).textContent).toBe(reportMessages.rangeInvalid);
    expect(screen.queryByTestId('figure-opened')).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(before);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-02' } });
    await waitFor(() =>
      expect(asked(fetchMock, '/org/getReportSummary/')).toContainEqual({
        from: '2026-05-01',
        to: '2026-05-03',
        group_by: 'none',
        calendar: 'business',
      }),
    );
    expect(router.state.location.search).toBe('?period=custom&from=2026-05-01&to=2026-05-02');
    const sent = asked(fetchMock, '/org/getReportSummary/');
    expect(sent.filter((body) => body.to <= body.from)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s words when it refuses the report', async () => {
    const fetchMock = stubFetch((path) =>
      path === '/org/getReportSummary/' || path === '/org/getReportCharts/'
        ? jsonResponse(400, { message: reportMessages.rangeTooLong })
        : jsonResponse(404, { message: 'nope' }),
    );
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(`${reportMessages.rangeTooLong} Try again`);
    await waitFor(() => expect(asked(fetchMock, '/org/getReportCharts/')).toHaveLength(1));
    // Said once, though the charts were refused too.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says so, naming the period, when no tickets were opened in it', async () => {
    server({ totals: reportRow({ tickets_opened: 0 }) });
    render();
    expect(await screen.findByText('No tickets were opened in this period.')).toBeTruthy();
    expect(screen.getByText(/Nothing to report for 1–7 May 2026\./)).toBeTruthy();
    expect(screen.queryByTestId('figure-opened')).toBeNull();
  });

  it('draws each chart with its numbers as a table, its description, PNG and CSV', async () => {
    server();
    const user = userEvent.setup();
    render();
    const busiest = await screen.findByRole('region', { name: 'Busiest hours' });
    const chart = within(busiest).getByRole('img', { name: 'Busiest hours' });
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Busiest: Monday 10:00–11:00, 25 customer messages.');
    expect(within(busiest).getByRole('button', { name: 'Download Busiest hours as PNG' })).toBeTruthy();
    expect(within(busiest).getByRole('button', { name: 'Download Busiest hours as CSV' })).toBeTruthy();
    await user.click(within(busiest).getByText('Show as table'));
    const table = within(busiest).getByRole('table', { name: 'Customer messages by weekday and hour' });
    const monday = within(table).getByRole('rowheader', { name: 'Monday' }).closest('tr') as HTMLElement;
    expect(within(monday).getAllByRole('cell')[10]?.textContent).toBe('25');

    const first = screen.getByRole('region', { name: 'Time to first response' });
    const rows = within(within(first).getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Time to first responseTickets',
      '< 5 min12',
      '5–15 min9',
      '15–60 min6',
      '1–4 h5',
      '4–24 h3',
      '> 24 h1',
    ]);
    expect(screen.getByRole('region', { name: 'Backlog' })).toBeTruthy();
  });

  it('downloads the tickets of the period for an owner, with the bearer token', async () => {
    const fetchMock = server();
    const created = vi.fn((_blob: Blob) => 'blob:tickets');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    const user = userEvent.setup();
    render('admin');
    await screen.findByTestId('figure-opened');
    await user.click(screen.getByRole('button', { name: 'Download tickets CSV' }));
    await waitFor(() => expect(saved).toBe('tickets-2026-05-01-2026-05-07.csv'));
    const [url, init] =
      fetchMock.mock.calls.find(([u]) => String(u).startsWith('/org/ticketsReport.csv')) ?? [];
    expect(url).toBe('/org/ticketsReport.csv?from=2026-05-01&to=2026-05-08');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer a');
    expect(await created.mock.calls[0]?.[0].text()).toBe('Ticket,Customer\r\n');
  });
});
