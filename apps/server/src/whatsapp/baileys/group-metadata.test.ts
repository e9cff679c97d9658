import type { GroupMetadata, WAMessage } from 'baileys';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, linkedStore } from '../../../test-support/whatsapp/harness';
import {
  groupMessage,
  groupMetadata,
  type PhoneScript,
} from '../../../test-support/whatsapp/scripted-whatsapp';

// The group metadata the driver hands Baileys for a send (cachedGroupMetadata) and the disappearing-message
// timer of desk replies, over the scripted socket (test-support/whatsapp/scripted-whatsapp.ts names the rc14
// lines it reproduces; docs/decisions/0018-desk-replies.md, group metadata).
const SUPPORT = '120363000000000001@g.us';
const CAROL_LID = '201234567890123@lid';
const CAROL_PN = '4915100000001@s.whatsapp.net';
const DAVE_LID = '201234567890456@lid';
const DAVE_PN = '4915100000002@s.whatsapp.net';
const TTL_MS = 5 * 60_000;
const WEEK = 7 * 24 * 3600;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function connected(group: GroupMetadata, script: Partial<PhoneScript> = {}) {
  const clock = { now: 1_800_000_000_000 };
  const h = createHarness(
    { ...script, groups: [group] },
    { store: await linkedStore(), listGroupsOnOpen: true, baileys: { now: () => clock.now } },
  );
  stops.push(() => h.runner.stop('end'));
  h.runner.start();
  const socket = await h.wa.socket(1);
  socket.open();
  await h.until(() => h.status() === 'connected');
  await h.until(() => h.received.some((r) => r.kind === 'groups'));
  const customer = groupMessage(SUPPORT, CAROL_LID, 'Hello', { participantAlt: CAROL_PN });
  const reply = (text: string) =>
    h.connection().sendText({ groupJid: SUPPORT, text, quoted: customer }, async () => {});
  /** The group changes on WhatsApp's side: its metadata answers say so from now on. */
  const phone = (changes: Partial<GroupMetadata>) => Object.assign(group, changes);
  const groupEvents = () => h.received.filter((r) => r.kind === 'groups').length;
  return { h, socket, clock, reply, phone, groupEvents };
}

/** The group in LID addressing, as WhatsApp lists it after the move. */
const movedToLid = {
  addressingMode: 'lid' as GroupMetadata['addressingMode'],
  participants: [{ id: CAROL_LID, phoneNumber: CAROL_PN, admin: null }],
};

const expirationOf = (message: WAMessage) => message.message?.extendedTextMessage?.contextInfo?.expiration;
const members = (metadata: GroupMetadata | undefined) => metadata?.participants.map((p) => p.id).sort();

describe('Baileys driver: group metadata for sends', () => {
  it('sends a reply into a disappearing group with the group timer', async () => {
    const group = groupMetadata(SUPPORT, 'Support', [{ id: CAROL_LID, phoneNumber: CAROL_PN }]);
    group.ephemeralDuration = WEEK;
    const { socket, reply } = await connected(group);
    const message = await reply('It ships today.');
    // Utils/messages.js:587-600: the timer goes into the message's contextInfo; phones delete it after it.
    expect(expirationOf(message)).toBe(WEEK);
    expect(socket.calls.relayed[0]?.message.extendedTextMessage?.contextInfo?.expiration).toBe(WEEK);
    expect(socket.calls.relayed[0]?.attrs.expiration).toBe(String(WEEK));
  });

  it('sends with the new timer after a member turns disappearing messages on, and none after off', async () => {
    const group = groupMetadata(SUPPORT, 'Support', [{ id: CAROL_LID, phoneNumber: CAROL_PN }]);
    const { h, socket, reply } = await connected(group);
    expect(expirationOf(await reply('one'))).toBeFalsy();
    // WhatsApp sends no groups.update for this: only an EPHEMERAL_SETTING protocol message.
    const on = await socket.ephemeralSetting(SUPPORT, 86_400, CAROL_LID);
    await h.until(() => h.received.some((r) => r.kind === 'live' && r.ids.includes(on)));
    expect(expirationOf(await reply('two'))).toBe(86_400);
    expect(socket.calls.relayed[1]?.group?.metadata.ephemeralDuration).toBe(86_400);
    expect(socket.calls.relayed[1]?.attrs.expiration).toBe('86400');
    const off = await socket.ephemeralSetting(SUPPORT, 0, CAROL_LID);
    await h.until(() => h.received.some((r) => r.kind === 'live' && r.ids.includes(off)));
    expect(expirationOf(await reply('three'))).toBeFalsy();
    expect(socket.calls.relayed[2]?.attrs.expiration).toBeUndefined();
  });

  it('never sends from a member list older than a member change, even one a query under way brings', async () => {
    const group = groupMetadata(SUPPORT, 'Support', [{ id: CAROL_LID, phoneNumber: CAROL_PN }]);
    const { h, socket, reply, phone } = await connected(group, { metadataDelayMs: 300 });
    // A subject change: the driver queries the group (after 20 ms); WhatsApp's answer takes 300 ms.
    await socket.groupNotification({ id: SUPPORT, subject: 'Support (new)' });
    await h.until(() => socket.calls.groupMetadata.length === 1);
    // Meanwhile Dave joins: the answer on its way does not have him.
    phone({
      participants: [
        { id: CAROL_LID, phoneNumber: CAROL_PN, admin: null },
        { id: DAVE_LID, phoneNumber: DAVE_PN, admin: null },
      ],
    });
    await socket.participantsChange(SUPPORT, 'add', [{ id: DAVE_LID, phoneNumber: DAVE_PN }]);
    // The old answer lands and the driver asks again; a send before the new answer must not use the old one.
    await h.until(() => socket.calls.groupMetadata.length === 2, 3_000);
    await reply('Welcome, Dave');
    expect(members(socket.calls.relayed[0]?.group?.metadata)).toEqual([CAROL_LID, DAVE_LID].sort());
  });

  it('sends from metadata at most five minutes old: a change WhatsApp never announced reaches the next send', async () => {
    const group = groupMetadata(SUPPORT, 'Support', [{ id: CAROL_PN, lid: CAROL_LID }], 'pn');
    const { h, socket, clock, reply, phone, groupEvents } = await connected(group);
    // The group becomes announce-only while the buffer holds a group-list echo: Baileys keeps only the first
    // groups.update per group within one flush (event-buffer.js:495-503), so the change never arrives …
    const before = groupEvents();
    await socket.buffered(async () => {
      await socket.sock.groupFetchAllParticipating();
      phone({ announce: true });
      await socket.groupNotification({ id: SUPPORT, announce: true });
    });
    await h.until(() => groupEvents() > before);
    // … and it moves to LID addressing, which WhatsApp does not notify at all (messages-recv.js:595-710).
    phone(movedToLid);
    await reply('one');
    expect(socket.calls.relayed[0]).toMatchObject({
      group: { from: 'cache' },
      attrs: { addressing_mode: 'pn' },
    });
    clock.now += TTL_MS - 1_000;
    await reply('two');
    expect(socket.calls.relayed[1]?.group?.from).toBe('cache');
    clock.now += 2_000;
    await reply('three');
    const third = socket.calls.relayed[2];
    expect(third?.attrs.addressing_mode).toBe('lid');
    expect(third?.group?.metadata).toMatchObject({ addressingMode: 'lid', announce: true });
    expect(members(third?.group?.metadata)).toEqual([CAROL_LID]);
    // The fresh answer is kept: the next send queries nothing.
    const queries = socket.calls.groupMetadata.length;
    await reply('four');
    expect(socket.calls.relayed[3]?.group?.from).toBe('cache');
    expect(socket.calls.groupMetadata).toHaveLength(queries);
  });

  it('queries a group again when a message arrives addressed otherwise than the metadata it holds', async () => {
    const group = groupMetadata(SUPPORT, 'Support', [{ id: CAROL_PN, lid: CAROL_LID }], 'pn');
    const { h, socket, reply, phone, groupEvents } = await connected(group);
    phone(movedToLid);
    // decode-wa-message.js:73, 189: every received message's key says how its stanza was addressed.
    const before = groupEvents();
    await socket.live([
      groupMessage(SUPPORT, CAROL_LID, 'Hi', { participantAlt: CAROL_PN, addressingMode: 'lid' }),
    ]);
    await h.until(() => groupEvents() > before);
    await reply('Hello');
    expect(socket.calls.relayed[0]).toMatchObject({
      group: { from: 'cache' },
      attrs: { addressing_mode: 'lid' },
    });
    expect(socket.calls.groupMetadata).toEqual([SUPPORT]);
    // A mode WhatsApp's answer contradicts is asked about once per connection, not for every message.
    for (const text of ['one', 'two', 'three']) {
      const message = groupMessage(SUPPORT, CAROL_PN, text, { addressingMode: 'pn' });
      await socket.live([message]);
      await h.until(() => h.received.some((r) => r.kind === 'live' && r.ids.includes(message.key.id ?? '')));
      // Longer than the 20 ms the driver gathers changed groups for before it queries them.
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(socket.calls.groupMetadata).toHaveLength(2);
  });
});
