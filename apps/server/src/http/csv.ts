/**
 * One CSV line (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF
 * ends the line). A cell a spreadsheet would read as a formula (starting with = + - @, a tab or a CR)
 * gets a leading apostrophe first, so an entry's text (a member's name, a target) never runs as one.
 */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
