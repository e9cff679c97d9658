export interface Snippet {
  before: string;
  match: string;
  after: string;
  /** Text was cut before `before` / after `after`. */
  cutStart: boolean;
  cutEnd: boolean;
}

/**
 * The text around a search match, cut at word boundaries so a result row shows the match with a little
 * context; `start`/`end` is the highlight range (empty when the query was too short to highlight).
 */
export function buildSnippet(
  text: string,
  start: number,
  end: number,
  context = { before: 32, after: 80 },
): Snippet {
  const flat = text.replace(/\s+/g, ' ');
  // Collapsing whitespace never moves an offset when every run is one character; recompute otherwise.
  const [s, e] = flat.length === text.length ? [start, end] : remap(text, start, end);
  const safeStart = Math.max(0, Math.min(s, flat.length));
  const safeEnd = Math.max(safeStart, Math.min(e, flat.length));

  let from = Math.max(0, safeStart - context.before);
  if (from > 0) {
    const space = flat.indexOf(' ', from);
    if (space >= 0 && space < safeStart) from = space + 1;
  }
  let to = Math.min(flat.length, safeEnd + context.after);
  if (to < flat.length) {
    const space = flat.lastIndexOf(' ', to);
    if (space > safeEnd) to = space;
  }
  return {
    before: flat.slice(from, safeStart),
    match: flat.slice(safeStart, safeEnd),
    after: flat.slice(safeEnd, to),
    cutStart: from > 0,
    cutEnd: to < flat.length,
  };
}

function remap(text: string, start: number, end: number): [number, number] {
  const collapse = (part: string) => part.replace(/\s+/g, ' ');
  const head = collapse(text.slice(0, start));
  const mid = collapse(text.slice(0, end));
  return [head.length, mid.length];
}
