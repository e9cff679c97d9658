import type { ReportChartsResponse } from '@wadesk/contract';
import type { ReactNode } from 'react';
import { firstResponseRows } from '@/features/reports/charts/first-response-chart';
import { HOURS } from '@/shared/charts/week-hour-heatmap';
import { formatDay, WEEKDAYS } from '@/shared/format/calendar-dates';
import { formatCount } from '@/shared/format/format-duration';

// Each chart's numbers as a table (under "Show as table"): what a screen reader reads instead of the canvas,
// and where anyone reads an exact value.

const HEAD = 'bg-slate-50 px-3 py-2 text-xs font-semibold whitespace-nowrap text-slate-600';
const CELL = 'px-3 py-1.5 text-right whitespace-nowrap text-slate-700 tabular-nums';

function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0">
        <tr>{head}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}

export function FirstResponseTable({ buckets }: { buckets: readonly number[] }) {
  return (
    <Table
      caption="Tickets by time to first response"
      head={
        <>
          <th scope="col" className={`${HEAD} text-left`}>
            Time to first response
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            Tickets
          </th>
        </>
      }
    >
      {firstResponseRows(buckets).map((row) => (
        <tr key={row.label}>
          <th scope="row" className="px-3 py-1.5 text-left font-medium text-slate-800">
            {row.label}
          </th>
          <td className={CELL}>{formatCount(row.tickets)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function BusiestHoursTable({ hours }: { hours: ReportChartsResponse['busiest_hours'] }) {
  return (
    <Table
      caption="Customer messages by weekday and hour"
      head={
        <>
          <th scope="col" className={`${HEAD} sticky left-0 text-left`}>
            Weekday
          </th>
          {HOURS.map((hour) => (
            <th key={hour} scope="col" className={`${HEAD} text-right`}>
              {`${hour}:00`}
            </th>
          ))}
        </>
      }
    >
      {hours.map((row, weekday) => (
        <tr key={WEEKDAYS[weekday]}>
          <th scope="row" className="sticky left-0 bg-white px-3 py-1.5 text-left font-medium text-slate-800">
            {WEEKDAYS[weekday]}
          </th>
          {HOURS.map((hour, index) => (
            <td key={hour} className={CELL}>
              {formatCount(row[index] ?? 0)}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

export function BacklogTable({ backlog }: { backlog: ReportChartsResponse['backlog'] }) {
  return (
    <Table
      caption="Tickets open at the end of each day"
      head={
        <>
          <th scope="col" className={`${HEAD} text-left`}>
            Day
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            Open tickets
          </th>
        </>
      }
    >
      {backlog.map((day) => (
        <tr key={day.date}>
          <th scope="row" className="px-3 py-1.5 text-left font-medium text-slate-800">
            {formatDay(day.date)}
          </th>
          <td className={CELL}>{formatCount(day.open)}</td>
        </tr>
      ))}
    </Table>
  );
}
