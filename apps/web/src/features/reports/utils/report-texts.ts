import { REPORT_GROUP_BY_LABELS, type ReportGroupBy } from '@wadesk/contract';

export const REPORT_TEXTS = {
  title: 'Reports',
  description:
    'How fast the desk answers, who answers, and whether customers are happy, for the tickets opened in a period.',
  empty: 'No tickets were opened in this period.',
  emptyDetail: (range: string) =>
    `Nothing to report for ${range}. Choose a longer period or another one; the charts below still show the backlog.`,
  loadFailed: 'The report could not be loaded. Try again.',
  chartsFailed: 'The charts could not be loaded. Try again.',
  exportFailed: 'The tickets could not be downloaded. Try again.',
  ownRowOnly: 'You see your own figures; owners and admins see every member’s.',
} as const;

/** "Team totals", "By member", "By agent phone". */
export function tableTitle(groupBy: ReportGroupBy): string {
  return groupBy === 'none' ? 'Team totals' : `By ${REPORT_GROUP_BY_LABELS[groupBy].toLowerCase()}`;
}

/** What an empty grouping says: "No label has tickets in this period." */
export function noRowsText(groupBy: ReportGroupBy): string {
  return groupBy === 'none'
    ? REPORT_TEXTS.empty
    : `No ${REPORT_GROUP_BY_LABELS[groupBy].toLowerCase()} has tickets in this period.`;
}
