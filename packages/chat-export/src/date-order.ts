/**
 * Decides whether day/month dates are written day first, from all dates of a file in file order
 * (messages are chronological). `dates` holds [first part, second part, year] triples.
 *
 * 1. A part above 12 cannot be a month: the side with more such values is the day.
 * 2. Between consecutive dates of one year, when one part goes down while the other goes up, the
 *    one going down is the day (31/01 → 01/02): a month-change step.
 * 3. The day changes more often than the month between consecutive distinct dates.
 * Returns null when nothing decides (e.g. a single date like 05/05/2024).
 */
export function detectDayFirst(dates: ArrayLike<number>): boolean | null {
  const n = dates.length;
  let firstOver12 = 0;
  let secondOver12 = 0;
  for (let k = 0; k < n; k += 3) {
    if ((dates[k] as number) > 12) firstOver12++;
    if ((dates[k + 1] as number) > 12) secondOver12++;
  }
  if (firstOver12 !== secondOver12) return firstOver12 > secondOver12;

  let firstDrops = 0;
  let secondDrops = 0;
  let firstChanges = 0;
  let secondChanges = 0;
  for (let k = 3; k < n; k += 3) {
    const a0 = dates[k - 3] as number;
    const b0 = dates[k - 2] as number;
    const a1 = dates[k] as number;
    const b1 = dates[k + 1] as number;
    if (a0 !== a1) firstChanges++;
    if (b0 !== b1) secondChanges++;
    if (dates[k - 1] !== dates[k + 2]) continue;
    if (a1 < a0 && b1 > b0) firstDrops++;
    else if (b1 < b0 && a1 > a0) secondDrops++;
  }
  if (firstDrops !== secondDrops) return firstDrops > secondDrops;
  if (firstChanges !== secondChanges) return firstChanges > secondChanges;
  return null;
}
