import type { PollState, PollVoter } from '@wadesk/contract';

/** A voter as the server names them: a contact name and number, or the linked account itself. */
export const voter = (name: string | null, number: string | null = null, from_me = false): PollVoter => ({
  name,
  number,
  from_me,
  at: '2026-11-28T10:00:00.000Z',
});

/**
 * A poll shaped by the contract: `votes` gives each option's voters by option name; `voters` (the
 * number of people who voted) defaults to the distinct voters named.
 */
export function makePoll(
  votes: Record<string, PollVoter[]>,
  extra: Partial<Omit<PollState, 'options'>> = {},
): PollState {
  const options = Object.entries(votes).map(([name, voters]) => ({ name, voters }));
  const people = new Set(
    options.flatMap((option) => option.voters.map((v) => `${v.from_me}|${v.name}|${v.number}`)),
  );
  return {
    question: 'Did we solve your problem?',
    multiple: false,
    options,
    voters: people.size,
    countable: true,
    ...extra,
  };
}
