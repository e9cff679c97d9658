// The desk's data tables share one look: a small upper-case header and roomy cells, indented at the left edge.

export const TABLE_HEADER_CELL =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5';

/** A body cell: `top` for rows whose cells wrap to several lines, `middle` for one-line rows. */
export const tableCell = (align: 'top' | 'middle') =>
  align === 'top' ? 'px-3 py-3 align-top first:pl-5' : 'px-3 py-3 align-middle first:pl-5';
