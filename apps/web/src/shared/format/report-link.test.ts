import { describe, expect, it } from 'vitest';
import { describeReportRange, readReportDrill, reportInboxHref, withoutReportDrill } from './report-link';

const search = (href: string) => new URLSearchParams(href.slice(href.indexOf('?') + 1));
const read = (params: URLSearchParams) => readReportDrill(params.get('report'), params.get('report_name'));

describe('the Reports drill-down in the inbox address', () => {
  it('writes and reads back a row, its name and its range (`to` exclusive)', () => {
    const href = reportInboxHref({ from: '2026-05-01', to: '2026-05-08', key: 'member:12' }, 'Asha Rao');
    expect(href).toBe('/inbox?report=2026-05-01%2C2026-05-08%2Cmember%3A12&report_name=Asha+Rao');
    expect(read(search(href))).toEqual({
      drill: { from: '2026-05-01', to: '2026-05-08', key: 'member:12' },
      name: 'Asha Rao',
    });
    expect(describeReportRange({ from: '2026-05-01', to: '2026-05-08' })).toBe('1–7 May 2026');
  });

  it('keeps commas of a key, and ignores an address the server would refuse', () => {
    const customer = { from: '2026-05-01', to: '2026-05-02', key: 'customer:Ravi, Acme' };
    expect(read(search(reportInboxHref(customer, 'Ravi')))?.drill).toEqual(customer);
    expect(read(new URLSearchParams('report=2026-05-08,2026-05-01,all'))).toBeNull();
    expect(read(new URLSearchParams('report=2026-05-01,2026-05-08,nobody:1'))).toBeNull();
    expect(read(new URLSearchParams('view=mine'))).toBeNull();
    expect(read(new URLSearchParams('report=2026-05-01,2026-05-08,all'))?.name).toBe('a report row');
    expect(withoutReportDrill(search(`${reportInboxHref(customer, 'Ravi')}&view=mine`)).toString()).toBe(
      'view=mine',
    );
  });
});
