import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, linkedStore } from '../../../test-support/whatsapp/harness';
import { groupMetadata, pollMessage } from '../../../test-support/whatsapp/scripted-whatsapp';
import type { PollKey, PollVote } from '../driver';
import { pollContent } from '../polls';

// Votes on polls through the real driver over the scripted socket: rc14 no longer decrypts them itself (its
// getMessage path is commented out, Utils/process-message.js:576-624), so they arrive as upserted
// pollUpdateMessages, encrypted as WhatsApp encrypts them (scripted-whatsapp.ts pollVote), and the driver
// reads them with Baileys' decryptPollVote (docs/decisions/0018, polls).
const SUPPORT = '120363000000000001@g.us';
const CAROL = { lid: '201234567890123@lid', pn: '4915112345678@s.whatsapp.net' };
const DAVE = { lid: '201234567890124@lid', pn: '4915112345679@s.whatsapp.net' };
const ME_PN = '4917000000009@s.whatsapp.net';
const ME_LID = '99000000000009@lid';
const OPTIONS = ['Great', 'Fine', 'Poor'];

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function connected(poll?: (groupJid: string, pollId: string) => Promise<PollKey | null>) {
  const store = await linkedStore();
  const members = [
    { id: ME_LID, phoneNumber: ME_PN },
    { id: CAROL.lid, phoneNumber: CAROL.pn },
    { id: DAVE.lid, phoneNumber: DAVE.pn },
  ];
  const h = createHarness(
    { groups: [groupMetadata(SUPPORT, 'Support', members)] },
    { store, listGroupsOnOpen: true, ...(poll ? { poll } : {}) },
  );
  stops.push(() => h.runner.stop('end'));
  h.runner.start();
  const socket = await h.wa.socket(1);
  socket.open();
  await h.until(() => h.status() === 'connected');
  await h.until(() => h.received.some((r) => r.kind === 'groups'));
  return { h, socket };
}

const votes = (h: Awaited<ReturnType<typeof connected>>['h']): PollVote[] =>
  h.received.flatMap((r) => (r.kind === 'votes' ? r.votes : []));

/** Carla's poll, and a vote from Dave as his client encrypts it: the creator by LID, the voter by number. */
function carolsPoll() {
  const poll = pollMessage(SUPPORT, CAROL.lid, 'How was the help?', OPTIONS, { participantAlt: CAROL.pn });
  const secret = pollContent(poll.message)?.secret as Uint8Array;
  const vote = (options: string[], extra: { tamper?: boolean; timestampMs?: number } = {}) => ({
    group: SUPPORT,
    pollId: poll.key.id ?? '',
    pollAuthor: CAROL.lid,
    secret,
    voter: DAVE.lid,
    voterAlt: DAVE.pn,
    creatorJid: CAROL.lid,
    voterJid: DAVE.pn,
    options,
    ...extra,
  });
  return { poll, secret, vote };
}

describe('poll votes (Baileys driver)', () => {
  it('reads a vote on a poll this connection passed on, and never passes the vote on as a message', async () => {
    const { h, socket } = await connected();
    const { poll, vote } = carolsPoll();
    await socket.live([poll]);
    const sent = await socket.pollVote(vote(['Fine']));
    const [read] = await h.until(() => (votes(h).length > 0 ? votes(h) : null));
    expect(read).toMatchObject({
      groupJid: SUPPORT,
      pollId: poll.key.id,
      voter: DAVE.lid,
      voterAlt: DAVE.pn,
      fromMe: false,
      options: ['Fine'],
    });
    const live = h.received.flatMap((r) => (r.kind === 'live' ? r.ids : []));
    expect(live).toContain(poll.key.id);
    expect(live).not.toContain(sent.key.id);
  });

  it('reads a vote encrypted naming the other addresses, and a multiple-choice vote', async () => {
    const { h, socket } = await connected();
    const { poll, vote } = carolsPoll();
    await socket.live([poll]);
    // Creator by number, voter by LID: every pairing of the addresses known is tried (Baileys #2342).
    await socket.pollVote({ ...vote(['Great', 'Poor']), creatorJid: CAROL.pn, voterJid: DAVE.lid });
    const [read] = await h.until(() => (votes(h).length > 0 ? votes(h) : null));
    expect(read?.options).toEqual(['Great', 'Poor']);
  });

  it('ignores a tampered vote without ending the connection, and reads the next one', async () => {
    const { h, socket } = await connected();
    const { poll, vote } = carolsPoll();
    await socket.live([poll]);
    await socket.pollVote(vote(['Great'], { tamper: true }));
    await socket.pollVote(vote(['Poor']));
    const read = await h.until(() => (votes(h).length > 0 ? votes(h) : null));
    expect(read.map((v) => v.options)).toEqual([['Poor']]);
    expect(h.status()).toBe('connected');
  });

  it('reads a vote on a stored poll (one from history, or an earlier connection) through the store', async () => {
    const { poll, secret, vote } = carolsPoll();
    const asked: string[] = [];
    const { h, socket } = await connected(async (_group, pollId) => {
      asked.push(pollId);
      return pollId === poll.key.id
        ? { secret, options: OPTIONS, fromMe: false, author: CAROL.lid, authorAlt: CAROL.pn }
        : null;
    });
    await socket.pollVote(vote(['Great']));
    const [read] = await h.until(() => (votes(h).length > 0 ? votes(h) : null));
    expect(read?.options).toEqual(['Great']);
    expect(asked).toEqual([poll.key.id]);
  });

  it('keeps a vote on a poll not known yet, and reads it once the poll arrives', async () => {
    const { h, socket } = await connected(async () => null);
    const { poll, vote } = carolsPoll();
    await socket.pollVote(vote(['Fine']));
    await socket.live([poll]);
    const [read] = await h.until(() => (votes(h).length > 0 ? votes(h) : null));
    expect(read?.options).toEqual(['Fine']);
  });

  it('reads votes on a poll the account sent itself, as its echo passes through', async () => {
    const { h, socket } = await connected();
    const sent = await h
      .connection()
      .sendPoll(
        { groupJid: SUPPORT, question: 'Rate us', options: OPTIONS, selectableCount: 1, quoted: null },
        async () => {},
      );
    const content = pollContent(sent.message);
    expect(content).toMatchObject({ question: 'Rate us', options: OPTIONS, selectableCount: 1 });
    expect(content?.secret).toHaveLength(32);
    await h.until(() => h.received.some((r) => r.kind === 'live' && r.ids.includes(sent.key.id ?? '')));
    await socket.pollVote({
      group: SUPPORT,
      pollId: sent.key.id ?? '',
      // Dave's client names the poll's creator (this account) by its LID.
      pollAuthor: ME_LID,
      secret: content?.secret as Uint8Array,
      voter: DAVE.lid,
      voterAlt: DAVE.pn,
      creatorJid: ME_LID,
      voterJid: DAVE.pn,
      options: ['Great'],
    });
    const [read] = await h.until(() => (votes(h).length > 0 ? votes(h) : null));
    expect(read).toMatchObject({ pollId: sent.key.id, options: ['Great'], voter: DAVE.lid });
  });
});
