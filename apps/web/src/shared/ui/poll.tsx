import { type PollOption, type PollState, type PollVoter, pollMessages } from '@wadesk/contract';
import { ChartBarIcon, InfoIcon } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { formatPhone } from '@/shared/format/phone';

export const POLL_TEXT = {
  label: 'Poll',
  selectOne: 'Select one',
  selectMany: 'Select one or more',
  you: 'You',
  unknown: 'Unknown',
  noVotes: 'No votes yet',
  fewer: 'Show fewer',
  more: (hidden: number) => `and ${hidden} more`,
  voters: (count: number) => (count === 1 ? '1 voter' : `${count} voters`),
  whoChose: (option: string) => `Who chose ${option}`,
} as const;

/** Voters named under an option before the rest fold into "and N more". */
export const VOTERS_SHOWN = 3;

export const voterName = (voter: PollVoter) =>
  voter.from_me
    ? POLL_TEXT.you
    : (voter.name ?? (voter.number ? formatPhone(voter.number) : POLL_TEXT.unknown));

/** A click inside a bubble stays there: the group chat's bubbles react to clicks themselves. */
const inside = (event: MouseEvent) => event.stopPropagation();

function OptionVoters({ option }: { option: PollOption }) {
  const [expanded, setExpanded] = useState(false);
  const { voters } = option;
  if (voters.length === 0) return null;
  const folded = !expanded && voters.length > VOTERS_SHOWN + 1;
  const shown = folded ? voters.slice(0, VOTERS_SHOWN) : voters;
  const toggle = (event: MouseEvent) => {
    inside(event);
    setExpanded((open) => !open);
  };
  const toggleClasses =
    'rounded font-semibold text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <div className="mt-1 text-xs text-slate-600">
      <ul aria-label={POLL_TEXT.whoChose(option.name)} className="inline">
        {shown.map((voter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: voters have no id; one voter appears once per option
          <li key={index} className="inline">
            <span className={voter.from_me ? 'font-semibold text-slate-700' : ''}>{voterName(voter)}</span>
            {index < shown.length - 1 ? <span aria-hidden="true">, </span> : null}
          </li>
        ))}
      </ul>
      {folded ? (
        <>
          {' '}
          <button type="button" aria-expanded={false} onClick={toggle} className={toggleClasses}>
            {POLL_TEXT.more(voters.length - VOTERS_SHOWN)}
          </button>
        </>
      ) : expanded ? (
        <>
          {' '}
          <button type="button" aria-expanded={true} onClick={toggle} className={toggleClasses}>
            {POLL_TEXT.fewer}
          </button>
        </>
      ) : null}
    </div>
  );
}

function Option({ option, total, countable }: { option: PollOption; total: number; countable: boolean }) {
  const count = option.voters.length;
  // WhatsApp's bars: the share of the people who voted (several options each when multiple answers).
  const share = total > 0 ? Math.min(100, (count / total) * 100) : 0;
  return (
    <li data-poll-option={option.name}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 break-words text-slate-800">{option.name}</span>
        {countable ? (
          <span className="shrink-0 font-semibold text-slate-700 tabular-nums" data-votes={count}>
            {count}
            <span className="sr-only"> {count === 1 ? 'vote' : 'votes'}</span>
          </span>
        ) : null}
      </div>
      {countable ? (
        <>
          <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-900/10">
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
              style={{ width: `${share}%` }}
              data-share={Math.round(share)}
            />
          </div>
          <OptionVoters option={option} />
        </>
      ) : null}
    </li>
  );
}

/**
 * A poll message as WhatsApp shows it: the question, whether one or several options may be chosen, each
 * option with its count, a bar for its share of the voters and who chose it ("You" for the linked
 * account; past a few, "and N more" unfolds the rest), and how many people voted. A poll whose votes this
 * server cannot read (its secret never arrived) says so instead of showing counts of nought. Used wherever
 * polls show: the group chat and the ticket's conversation.
 */
export function Poll({ poll }: { poll: PollState }) {
  return (
    <section aria-label={`${POLL_TEXT.label}: ${poll.question}`} data-poll className="w-72 max-w-full">
      <p className="flex items-center gap-1 text-xs font-semibold text-slate-600 uppercase">
        <ChartBarIcon aria-hidden="true" className="size-3.5" />
        {POLL_TEXT.label}
      </p>
      <p className="mt-0.5 text-sm font-semibold break-words whitespace-pre-wrap text-slate-900">
        {poll.question}
      </p>
      <p className="text-xs text-slate-600">{poll.multiple ? POLL_TEXT.selectMany : POLL_TEXT.selectOne}</p>
      <ul aria-label="Options" className="mt-2 space-y-2.5">
        {poll.options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a poll's options never change order
          <Option key={index} option={option} total={poll.voters} countable={poll.countable} />
        ))}
      </ul>
      {poll.countable ? (
        <p className="mt-2 border-t border-slate-900/10 pt-1.5 text-xs text-slate-600" data-poll-voters>
          {poll.voters === 0 ? POLL_TEXT.noVotes : POLL_TEXT.voters(poll.voters)}
        </p>
      ) : (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-900">
          <InfoIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span className="min-w-0">{pollMessages.notCountable}</span>
        </p>
      )}
    </section>
  );
}
