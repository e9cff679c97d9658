/** One line of the benchmark table. `ok` is null for numbers that have no target. */
export interface Row {
  section: string;
  metric: string;
  value: string;
  target: string;
  ok: boolean | null;
}

/** A benchmark section: a module under sections/ exporting `run`. */
export interface Section {
  run(): Promise<Row[]>;
}

/** The row maker of one section: `row(metric, value, target?, ok?)`. */
export const rowsOf =
  (section: string) =>
  (metric: string, value: string, target = '', ok: boolean | null = null): Row => ({
    section,
    metric,
    value,
    target,
    ok,
  });
