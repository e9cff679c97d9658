import { Readable } from 'node:stream';
import { BufferJSON, proto, type WAMessage, type WAMessageKey } from 'baileys';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, linkedStore } from '../../../test-support/whatsapp/harness';
import { groupMessage, groupMetadata } from '../../../test-support/whatsapp/scripted-whatsapp';
import { png } from '../simulator/sample-media';

// Sending from the desk through the real driver over the scripted socket (test-support/whatsapp/scripted-whatsapp.ts names the
// rc14 lines it reproduces): the reply is built by Baileys, recorded before it is relayed, stored once, sent
// again from getMessage on a retry receipt, and sent to a group without querying its metadata each time
// (docs/decisions/0018-desk-replies.md).
const SUPPORT = '120363000000000001@g.us';
const CAROL_LID = '201234567890123@lid';
const CAROL_PN = '4915100000001@s.whatsapp.net';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** desk_replies in memory, written and read as the repository does (BufferJSON text). */
function sentStore() {
  const rows = new Map<string, string>();
  return {
    rows,
    record: async (message: WAMessage) => {
      rows.set(message.key.id ?? '', JSON.stringify(message.message, BufferJSON.replacer));
    },
    sentMessage: async (key: WAMessageKey) => {
      const content = rows.get(key.id ?? '');
      return content ? proto.Message.fromObject(JSON.parse(content, BufferJSON.reviver)) : undefined;
    },
  };
}

async function connected(sent = sentStore(), listGroupsOnOpen = true) {
  const h = createHarness(
    { groups: [groupMetadata(SUPPORT, 'Support', [{ id: CAROL_LID, phoneNumber: CAROL_PN }])] },
    { store: await linkedStore(), listGroupsOnOpen, sentMessage: sent.sentMessage },
  );
  stops.push(() => h.runner.stop('end'));
  h.runner.start();
  const socket = await h.wa.socket(1);
  socket.open();
  await h.until(() => h.status() === 'connected');
  if (listGroupsOnOpen) await h.until(() => h.received.some((r) => r.kind === 'groups'));
  return { h, socket, sent };
}

const encoded = (message: proto.IMessage) => Buffer.from(proto.Message.encode(message).finish());

describe('Baileys driver: sending a reply', () => {
  it('builds a quoted reply, records it before relaying it, and passes its echo on once', async () => {
    const { h, socket, sent } = await connected();
    const customer = groupMessage(SUPPORT, CAROL_LID, 'Where is my order?', { participantAlt: CAROL_PN });
    let relayedWhenRecorded = -1;
    const message = await h
      .connection()
      .sendText({ groupJid: SUPPORT, text: 'It ships today.', quoted: customer }, async (built) => {
        relayedWhenRecorded = socket.calls.relayed.length;
        await sent.record(built);
      });
    expect(relayedWhenRecorded).toBe(0);
    expect(message.key).toMatchObject({ remoteJid: SUPPORT, fromMe: true });
    const text = message.message?.extendedTextMessage;
    expect(text?.text).toBe('It ships today.');
    // Utils/messages.js:560-580: the quote names the customer's message and sender, with its content.
    expect(text?.contextInfo).toMatchObject({
      stanzaId: customer.key.id,
      participant: CAROL_LID,
      quotedMessage: { conversation: 'Where is my order?' },
    });
    // What was relayed is byte for byte what was recorded (its messageSecret is random).
    const [relayed] = socket.calls.relayed;
    expect(relayed?.id).toBe(message.key.id);
    expect(encoded(relayed?.message ?? {})).toEqual(encoded((await sent.sentMessage(message.key)) ?? {}));
    await h.until(() => h.received.some((r) => r.kind === 'live' && r.ids.includes(message.key.id ?? '')));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const echoes = h.received.filter((r) => r.kind === 'live' && r.ids.includes(message.key.id ?? ''));
    expect(echoes).toHaveLength(1);
  });

  it('sends nothing when recording fails', async () => {
    const { h, socket } = await connected();
    const customer = groupMessage(SUPPORT, CAROL_LID, 'Hello');
    await expect(
      h.connection().sendText({ groupJid: SUPPORT, text: 'Hi', quoted: customer }, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(socket.calls.relayed).toEqual([]);
  });

  it('answers a retry receipt after a reconnect from getMessage, resending the same content', async () => {
    const { h, socket, sent } = await connected();
    const customer = groupMessage(SUPPORT, CAROL_LID, 'Hello');
    const message = await h
      .connection()
      .sendText({ groupJid: SUPPORT, text: 'Hello Carol', quoted: customer }, sent.record);
    const id = message.key.id ?? '';
    // A new socket has an empty recent-message cache (messages-send.js:32): only getMessage can answer.
    await socket.fail(503);
    const second = await h.wa.socket(2);
    second.open();
    await h.until(() => h.status() === 'connected');
    const device = '201234567890123:2@lid';
    expect(await second.retryReceipt({ remoteJid: SUPPORT, id, participant: device })).toBe(true);
    expect(second.calls.getMessage).toEqual([{ remoteJid: SUPPORT, fromMe: true, id, participant: device }]);
    const [resent] = second.calls.relayed;
    expect(resent).toMatchObject({ jid: SUPPORT, id, participant: device });
    expect(encoded(resent?.message ?? {})).toEqual(encoded(socket.calls.relayed[0]?.message ?? {}));
    // A message the desk never sent is not available: nothing is relayed (messages-recv.js:1156-1158).
    expect(await second.retryReceipt({ remoteJid: SUPPORT, id: 'UNKNOWN', participant: device })).toBe(false);
    expect(second.calls.relayed).toHaveLength(1);
  });

  it('sends to a group from the metadata the connection holds, without a metadata query', async () => {
    const { h, socket, sent } = await connected();
    const customer = groupMessage(SUPPORT, CAROL_LID, 'Hello');
    for (const text of ['one', 'two'])
      await h.connection().sendText({ groupJid: SUPPORT, text, quoted: customer }, sent.record);
    expect(socket.calls.relayed).toHaveLength(2);
    expect(socket.calls.groupMetadata).toEqual([]);
    // A changed group is fetched again (decision 0015 §8); until then Baileys asks WhatsApp itself.
    await socket.groupNotification({ id: SUPPORT, subject: 'Support (new)' });
    await h.until(() => socket.calls.groupMetadata.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await h.connection().sendText({ groupJid: SUPPORT, text: 'three', quoted: customer }, sent.record);
    expect(socket.calls.groupMetadata).toEqual([SUPPORT]);
  });

  it('queries the metadata of a group it has not heard of yet', async () => {
    const { h, socket, sent } = await connected(sentStore(), false);
    const customer = groupMessage(SUPPORT, CAROL_LID, 'Hello');
    await h.connection().sendText({ groupJid: SUPPORT, text: 'Hi', quoted: customer }, sent.record);
    expect(socket.calls.groupMetadata).toEqual([SUPPORT]);
  });
});

describe('Baileys driver: sending from the composer (docs/decisions/0024-group-composer.md)', () => {
  it('sends a text quoting nothing', async () => {
    const { h, socket, sent } = await connected();
    const message = await h
      .connection()
      .sendText({ groupJid: SUPPORT, text: 'Hello all', quoted: null }, sent.record);
    const content = socket.calls.relayed[0]?.message;
    expect(content?.extendedTextMessage?.text ?? content?.conversation).toBe('Hello all');
    expect(content?.extendedTextMessage?.contextInfo?.stanzaId ?? null).toBeNull();
    expect(message.key).toMatchObject({ remoteJid: SUPPORT, fromMe: true });
  });

  it('uploads a photo before recording it, relays what was recorded, and echoes it once', async () => {
    const { h, socket, sent } = await connected();
    const photo = png(80, 60, [10, 120, 200]);
    let uploadsWhenRecorded = -1;
    const message = await h.connection().sendMedia(
      {
        groupJid: SUPPORT,
        kind: 'image',
        file: Readable.from([photo]),
        mimetype: 'image/png',
        fileName: 'box.png',
        caption: 'The box',
      },
      async (built) => {
        uploadsWhenRecorded = socket.calls.uploaded.length;
        expect(socket.calls.relayed).toHaveLength(0);
        await sent.record(built);
      },
    );
    // Utils/messages.js:139-151: encrypted (AES-CBC with its MAC: longer than the file), then uploaded.
    expect(uploadsWhenRecorded).toBe(1);
    expect(socket.calls.uploaded[0]?.mediaType).toBe('image');
    expect(socket.calls.uploaded[0]?.bytes).toBeGreaterThan(photo.length);
    const image = message.message?.imageMessage;
    expect(image).toMatchObject({
      caption: 'The box',
      mimetype: 'image/png',
      directPath: '/scripted/1-image',
    });
    expect(Number(image?.fileLength)).toBe(photo.length);
    expect(image?.mediaKey?.length).toBe(32);
    const [relayed] = socket.calls.relayed;
    expect(encoded(relayed?.message ?? {})).toEqual(encoded((await sent.sentMessage(message.key)) ?? {}));
    await h.until(() => h.received.some((r) => r.kind === 'live' && r.ids.includes(message.key.id ?? '')));
  });

  it('sends a document under its name, and nothing when recording fails', async () => {
    const { h, socket, sent } = await connected();
    const file = {
      groupJid: SUPPORT,
      kind: 'document' as const,
      mimetype: 'application/pdf',
      fileName: 'Invoice 42.pdf',
      caption: '',
    };
    const message = await h
      .connection()
      .sendMedia({ ...file, file: Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]) }, sent.record);
    expect(message.message?.documentMessage).toMatchObject({
      fileName: 'Invoice 42.pdf',
      mimetype: 'application/pdf',
    });
    expect(message.message?.documentMessage?.caption ?? '').toBe('');
    await expect(
      h.connection().sendMedia({ ...file, file: Readable.from([Buffer.from('%PDF')]) }, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(socket.calls.relayed).toHaveLength(1);
  });

  it('sends an earlier message again as a new one, by reference and not marked forwarded', async () => {
    const { h, socket, sent } = await connected();
    const first = await h.connection().sendMedia(
      {
        groupJid: SUPPORT,
        kind: 'image',
        file: Readable.from([png(20, 20, [1, 2, 3])]),
        mimetype: 'image/png',
        fileName: 'a.png',
        caption: 'Again',
      },
      sent.record,
    );
    const again = await h.connection().sendAgain({ groupJid: SUPPORT, message: first }, sent.record);
    expect(again.key.id).not.toBe(first.key.id);
    expect(socket.calls.uploaded).toHaveLength(1);
    const image = again.message?.imageMessage;
    expect(image).toMatchObject({ caption: 'Again', directPath: first.message?.imageMessage?.directPath });
    expect(image?.contextInfo?.isForwarded ?? false).toBe(false);
    expect(socket.calls.relayed.map((r) => r.id)).toEqual([first.key.id, again.key.id]);
  });
});
