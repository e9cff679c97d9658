import type { PollState } from '@wadesk/contract';
import { type ContactName, type LinkedAccount, phoneOf } from './group-message';
import type { StoredPoll } from './polls.repository';

/** Someone who chose an option, named from the session's contacts. */
export interface PollVoterView {
  name: string | null;
  number: string | null;
  fromMe: boolean;
  at: string;
}

/** A poll's question, options and current votes: what pages, conversations and `poll.updated` show. */
export interface PollView {
  question: string;
  multiple: boolean;
  countable: boolean;
  options: { name: string; voters: PollVoterView[] }[];
  /** Voters whose current vote chooses at least one option. */
  voters: number;
}

/** The JIDs whose names a set of polls' voters need. */
export function voterJids(polls: readonly StoredPoll[]): string[] {
  const jids = new Set<string>();
  for (const poll of polls) for (const vote of poll.votes) if (vote.voter) jids.add(vote.voter);
  return [...jids];
}

/**
 * A stored poll as the desk shows it: each option with its voters (the earliest vote first), named like
 * message authors (their contact name, their number from the JID or its pair); the linked account's own
 * vote as `fromMe`. WhatsApp's selectableCount 0 (or more than 1) lets a voter choose several options.
 */
export function pollView(
  poll: Omit<StoredPoll, 'groupJid' | 'waId'>,
  contacts: ReadonlyMap<string, ContactName>,
  me: LinkedAccount | null,
): PollView {
  const options = poll.options.map((name) => ({ name, voters: [] as PollVoterView[] }));
  let voters = 0;
  for (const vote of poll.votes) {
    const contact = vote.voter ? contacts.get(vote.voter) : undefined;
    const voter: PollVoterView = {
      name: vote.fromMe ? null : (contact?.name ?? null),
      number: vote.fromMe
        ? (me?.phone ?? null)
        : (phoneOf(vote.voter) ?? phoneOf(vote.voterAlt) ?? phoneOf(contact?.altJid ?? null)),
      fromMe: vote.fromMe,
      at: vote.votedAt.toISOString(),
    };
    let chose = false;
    for (const option of options)
      if (vote.options.includes(option.name)) {
        option.voters.push(voter);
        chose = true;
      }
    if (chose) voters += 1;
  }
  return {
    question: poll.question,
    multiple: poll.selectableCount !== 1,
    countable: poll.countable,
    options,
    voters,
  };
}

/** The contract's pollState. */
export function toPollState(view: PollView): PollState {
  return {
    question: view.question,
    multiple: view.multiple,
    countable: view.countable,
    voters: view.voters,
    options: view.options.map((option) => ({
      name: option.name,
      voters: option.voters.map((v) => ({ name: v.name, number: v.number, from_me: v.fromMe, at: v.at })),
    })),
  };
}
