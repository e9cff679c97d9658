import type { TicketSatisfaction } from '@wadesk/contract';
import { satisfactionScoreText } from '@/shared/format/satisfaction';

const BADGE =
  'inline-flex shrink-0 items-center rounded-md px-1.5 py-0.5 text-xs leading-4 font-medium ring-1';

/**
 * A ticket's satisfaction in a list (the dashboard's table, the inbox's rows): "★ 4/5", read as
 * "Satisfaction: Good (4 of 5)"; "Rating asked" while the customer has not voted; nothing when no poll
 * was sent. Spans only: the inbox's badge sits inside its row's button.
 */
export function SatisfactionBadge({ satisfaction }: { satisfaction: TicketSatisfaction | null }) {
  if (satisfaction === null) return null;
  if (satisfaction.score === null)
    return (
      <span
        data-satisfaction="asked"
        title="The satisfaction poll was sent; the customer has not answered yet."
        className={`${BADGE} bg-white text-slate-600 ring-slate-200`}
      >
        Rating asked
      </span>
    );
  const name = `Satisfaction: ${satisfactionScoreText(satisfaction.score)}`;
  return (
    // role="img": one name for the whole badge; the star and "4/5" alone would read as "star 4 slash 5".
    <span
      role="img"
      aria-label={name}
      title={name}
      data-satisfaction={satisfaction.score}
      className={`${BADGE} gap-0.5 bg-amber-50 text-slate-800 ring-amber-200 tabular-nums`}
    >
      <span className="text-amber-800">★</span>
      {satisfaction.score}/5
    </span>
  );
}
