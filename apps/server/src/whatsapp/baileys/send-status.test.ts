import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, linkedStore } from '../../../test-support/whatsapp/harness';
import { groupMessage, groupMetadata } from '../../../test-support/whatsapp/scripted-whatsapp';
import { loadSessionAuth } from '../auth/session-auth';
import type { SendReceipt } from '../driver';

// What WhatsApp says about a reply after the socket took it, through the real driver over the scripted socket
// (test-support/whatsapp/scripted-whatsapp.ts reproduces rc14's handleBadAck, messages-recv.js:1494-1566, and
// handleReceipt, 1161-1201): the server's ack, its refusal (NACK), and members' receipts (decision 0018).
const SUPPORT = '120363000000000001@g.us';
const NEWS = '120363000000000002@g.us';
const CAROL = '201234567890123@lid';
const DAVE = '201234567890124@lid';
// The linked account of linkedStore(): its own devices' receipts are not a member's.
const ME_PN = '4917000000009@s.whatsapp.net';
const ME_LID = '99000000000009@lid';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function connected(options: { synced?: boolean } = {}) {
  const store = await linkedStore();
  const members = [{ id: ME_LID, phoneNumber: ME_PN }, { id: CAROL }, { id: DAVE }];
  const h = createHarness(
    {
      groups: [
        groupMetadata(SUPPORT, 'Support', members),
        // Only admins may send here, and the account is not one.
        { ...groupMetadata(NEWS, 'News', members), announce: true },
      ],
    },
    { store, listGroupsOnOpen: true },
  );
  if (options.synced === false) {
    // A first connection after linking: Baileys holds every event until the history sync is done
    // (chats.js:1064-1105).
    const auth = await loadSessionAuth(store, 'session');
    auth.state.creds.accountSyncCounter = 0;
    await auth.saveCreds();
    await auth.close();
  }
  stops.push(() => h.runner.stop('end'));
  h.runner.start();
  const socket = await h.wa.socket(1);
  socket.open();
  await h.until(() => h.status() === 'connected');
  if (options.synced !== false) await h.until(() => h.received.some((r) => r.kind === 'groups'));
  return { h, socket };
}

async function send(h: Awaited<ReturnType<typeof connected>>['h'], group: string, text: string) {
  const customer = groupMessage(group, CAROL, 'Hello?');
  const message = await h.connection().sendText({ groupJid: group, text, quoted: customer }, async () => {});
  return message.key.id ?? '';
}

const told = (h: Awaited<ReturnType<typeof connected>>['h']): SendReceipt[] =>
  h.received.flatMap((r) => (r.kind === 'sendStatus' ? r.receipts : []));

describe('Baileys driver: what WhatsApp says about a sent reply', () => {
  it("tells the server's ack as sent and its refusal as failed, with the code the NACK carried", async () => {
    const { h, socket } = await connected();
    const taken = await send(h, SUPPORT, 'It ships today.');
    const refused = await send(h, SUPPORT, 'And one more thing');
    socket.serverAck(SUPPORT, taken);
    socket.serverAck(SUPPORT, refused, '479');
    await h.until(() => told(h).length === 2);
    expect(told(h)).toEqual([
      expect.objectContaining({ chatJid: SUPPORT, waId: taken, member: null, status: 'sent' }),
      {
        chatJid: SUPPORT,
        waId: refused,
        member: null,
        status: 'failed',
        at: null,
        errorCode: '479',
        refusal: null,
      },
    ]);
  });

  it("moves with each member's receipt and leaves out the account's own devices", async () => {
    const { h, socket } = await connected();
    const id = await send(h, SUPPORT, 'It ships today.');
    await socket.receipt({ jid: SUPPORT, id, participant: `${CAROL.replace('@', ':2@')}`, t: 1_800_000_001 });
    await socket.receipt({ jid: SUPPORT, id, participant: DAVE, t: 1_800_000_002 });
    await h.until(() => told(h).length === 2);
    await socket.receipt({ jid: SUPPORT, id, participant: CAROL, type: 'read', t: 1_800_000_003 });
    // The phone's own copy (messages-recv.js:1185: a `sender` receipt passes, as a readTimestamp).
    await socket.receipt({ jid: SUPPORT, id, participant: ME_PN.replace('@', ':0@'), type: 'sender' });
    await h.until(() => told(h).length === 3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(told(h).map(({ member, status, at }) => ({ member, status, at }))).toEqual([
      { member: CAROL, status: 'delivered', at: 1_800_000_001 },
      { member: DAVE, status: 'delivered', at: 1_800_000_002 },
      { member: CAROL, status: 'read', at: 1_800_000_003 },
    ]);
  });

  it("keeps a member's newest receipt when Baileys merged them in one flush (event-buffer.js:478-491)", async () => {
    const { h, socket } = await connected();
    const id = await send(h, SUPPORT, 'It ships today.');
    await socket.buffered(async () => {
      await socket.receipt({ jid: SUPPORT, id, participant: CAROL, t: 1_800_000_001 });
      await socket.receipt({ jid: SUPPORT, id, participant: CAROL, type: 'read', t: 1_800_000_003 });
    });
    await h.until(() => told(h).length > 0);
    expect(told(h).map(({ member, status, at }) => ({ member, status, at }))).toEqual([
      { member: CAROL, status: 'read', at: 1_800_000_003 },
    ]);
  });

  it('says why from the group: only admins may send, or the account is no longer in it', async () => {
    const { h, socket } = await connected();
    const announce = await send(h, NEWS, 'Hello all');
    socket.serverAck(NEWS, announce, '403');
    await socket.participantsChange(SUPPORT, 'remove', [{ id: ME_LID, phoneNumber: ME_PN }]);
    const removed = await send(h, SUPPORT, 'Still there?');
    socket.serverAck(SUPPORT, removed, '403');
    await h.until(() => told(h).length === 2);
    expect(
      told(h).map(({ waId, status, errorCode, refusal }) => ({ waId, status, errorCode, refusal })),
    ).toEqual([
      { waId: announce, status: 'failed', errorCode: '403', refusal: 'announce_only' },
      { waId: removed, status: 'failed', errorCode: '403', refusal: 'not_member' },
    ]);
  });

  it('finds a refusal merged into the reply itself while Baileys held its events (event-buffer.js:426-431)', async () => {
    const { h, socket } = await connected({ synced: false });
    const id = await send(h, SUPPORT, 'Sent during the first sync');
    socket.serverAck(SUPPORT, id, '479');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told(h)).toEqual([]);
    // The history sync ends the hold: the reply comes out once, carrying the refusal.
    await socket.history({ messages: [] });
    await h.until(() => told(h).length > 0);
    expect(told(h)).toEqual([expect.objectContaining({ waId: id, status: 'failed', errorCode: '479' })]);
    expect(h.received.filter((r) => r.kind === 'live' && r.ids.includes(id))).toHaveLength(1);
  });
});
