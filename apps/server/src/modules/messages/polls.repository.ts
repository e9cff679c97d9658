import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableDeep } from '../../text';
import type { PollKey, PollVote } from '../../whatsapp/driver';
import { waMessages, waPolls, waPollVotes } from './messages.schema';

/** Message ids looked up per query (far below PostgreSQL's 65,535 parameters). */
const POLL_LOOKUP_SLICE = 1_000;

/** A poll as ingest stores it, beside its message. */
export interface NewPoll {
  sessionId: string;
  organisationId: number;
  groupJid: string;
  waId: string;
  options: string[];
  selectableCount: number;
  secret: Uint8Array | null;
}

/** A voter's current vote, as stored. */
export interface StoredVote {
  voter: string;
  voterAlt: string | null;
  fromMe: boolean;
  options: string[];
  votedAt: Date;
}

/** A poll with its votes: what its state is built from (poll-state.ts). */
export interface StoredPoll {
  groupJid: string;
  waId: string;
  question: string;
  options: string[];
  selectableCount: number;
  /** Its secret is stored, so votes on it can be read. */
  countable: boolean;
  votes: StoredVote[];
}

export type PollsRepository = ReturnType<typeof createPollsRepository>;

/** wa_polls and wa_poll_votes (docs/decisions/0018, polls). The secret leaves only through `key`. */
export function createPollsRepository(db: Db) {
  return {
    /** Stores polls; one stored before without a secret takes the secret now offered. */
    async insert(polls: readonly NewPoll[]): Promise<void> {
      if (polls.length === 0) return;
      await db
        .insert(waPolls)
        .values(
          polls.map((p) => ({
            sessionId: p.sessionId,
            organisationId: p.organisationId,
            groupJid: p.groupJid,
            waId: p.waId,
            options: storableDeep(p.options),
            selectableCount: p.selectableCount,
            secret: p.secret ? Buffer.from(p.secret).toString('base64') : null,
          })),
        )
        .onConflictDoUpdate({
          target: [waPolls.sessionId, waPolls.groupJid, waPolls.waId],
          set: { secret: sql`coalesce(${waPolls.secret}, excluded.secret)` },
        });
    },

    /** What reading a vote on the poll needs (its secret and creator); null without a stored secret. */
    async key(sessionId: string, groupJid: string, waId: string): Promise<PollKey | null> {
      const [row] = await db
        .select({
          secret: waPolls.secret,
          options: waPolls.options,
          fromMe: waMessages.fromMe,
          author: waMessages.author,
          authorAlt: waMessages.authorAlt,
        })
        .from(waPolls)
        .innerJoin(
          waMessages,
          and(
            eq(waMessages.sessionId, waPolls.sessionId),
            eq(waMessages.groupJid, waPolls.groupJid),
            eq(waMessages.waId, waPolls.waId),
          ),
        )
        .where(and(eq(waPolls.sessionId, sessionId), eq(waPolls.groupJid, groupJid), eq(waPolls.waId, waId)));
      if (!row?.secret) return null;
      return {
        secret: Uint8Array.from(Buffer.from(row.secret, 'base64')),
        options: row.options,
        fromMe: row.fromMe,
        author: row.author,
        authorAlt: row.authorAlt,
      };
    },

    /**
     * Each voter's vote replaces their earlier one when it was cast later; votes on polls the session does
     * not have are dropped. Answers the polls whose votes changed.
     */
    async saveVotes(
      sessionId: string,
      votes: readonly PollVote[],
    ): Promise<{ groupJid: string; pollWaId: string }[]> {
      if (votes.length === 0) return [];
      // A batch may hold one voter twice: only the newest of each reaches the statement.
      const newest = new Map<string, PollVote>();
      for (const vote of votes) {
        const key = [vote.groupJid, vote.pollId, vote.fromMe ? '' : vote.voter].join('\u0000');
        const kept = newest.get(key);
        if (!kept || vote.at > kept.at) newest.set(key, vote);
      }
      const json = JSON.stringify(
        storableDeep(
          [...newest.values()].map((v) => ({
            group_jid: v.groupJid,
            poll_wa_id: v.pollId,
            voter: v.fromMe ? '' : (v.voter ?? ''),
            voter_alt: v.fromMe ? null : v.voterAlt,
            from_me: v.fromMe,
            options: v.options,
            voted_at: v.at,
          })),
        ),
      );
      const result = (await db.execute(sql`
        with input as (
          select * from json_to_recordset(${json}::json) as i(group_jid text, poll_wa_id text, voter text,
            voter_alt text, from_me bool, options jsonb, voted_at double precision)
        )
        insert into wa_poll_votes (session_id, group_jid, poll_wa_id, voter, voter_alt, from_me, options, voted_at)
        select p.session_id, i.group_jid, i.poll_wa_id, i.voter, i.voter_alt, i.from_me, i.options,
          to_timestamp(i.voted_at / 1000.0)
        from input i
        join wa_polls p on p.session_id = ${sessionId} and p.group_jid = i.group_jid and p.wa_id = i.poll_wa_id
        where i.voter <> '' or i.from_me
        on conflict (session_id, group_jid, poll_wa_id, voter) do update set
          options = excluded.options, voted_at = excluded.voted_at,
          voter_alt = coalesce(excluded.voter_alt, wa_poll_votes.voter_alt)
        where excluded.voted_at > wa_poll_votes.voted_at
        returning group_jid, poll_wa_id`)) as unknown as {
        rows: { group_jid: string; poll_wa_id: string }[];
      };
      const changed = new Map<string, { groupJid: string; pollWaId: string }>();
      for (const row of result.rows)
        changed.set(`${row.group_jid}\u0000${row.poll_wa_id}`, {
          groupJid: row.group_jid,
          pollWaId: row.poll_wa_id,
        });
      return [...changed.values()];
    },

    /** The group's polls among `waIds`, with their question (the message's body) and every current vote. */
    async polls(sessionId: string, groupJid: string, waIds: readonly string[]): Promise<StoredPoll[]> {
      if (waIds.length === 0) return [];
      // In slices: a ticket's conversation asks about all its messages, and one IN list would meet
      // PostgreSQL's limit of 65,535 parameters on a very long one.
      const ids = [...waIds];
      const polls = [];
      for (let from = 0; from < ids.length; from += POLL_LOOKUP_SLICE) {
        const slice = ids.slice(from, from + POLL_LOOKUP_SLICE);
        polls.push(
          ...(await db
            .select({
              waId: waPolls.waId,
              question: waMessages.body,
              options: waPolls.options,
              selectableCount: waPolls.selectableCount,
              countable: sql<boolean>`${waPolls.secret} is not null`,
            })
            .from(waPolls)
            .innerJoin(
              waMessages,
              and(
                eq(waMessages.sessionId, waPolls.sessionId),
                eq(waMessages.groupJid, waPolls.groupJid),
                eq(waMessages.waId, waPolls.waId),
              ),
            )
            .where(
              and(
                eq(waPolls.sessionId, sessionId),
                eq(waPolls.groupJid, groupJid),
                inArray(waPolls.waId, slice),
              ),
            )),
        );
      }
      if (polls.length === 0) return [];
      const votes = await db
        .select()
        .from(waPollVotes)
        .where(
          and(
            eq(waPollVotes.sessionId, sessionId),
            eq(waPollVotes.groupJid, groupJid),
            inArray(
              waPollVotes.pollWaId,
              polls.map((p) => p.waId),
            ),
          ),
        )
        .orderBy(waPollVotes.votedAt, waPollVotes.voter);
      return polls.map((poll) => ({
        ...poll,
        groupJid,
        votes: votes.filter((v) => v.pollWaId === poll.waId),
      }));
    },
  };
}
