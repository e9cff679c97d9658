import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { encryptedStream, proto, type WAMessage } from 'baileys';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, linkedStore, type Received } from '../../../test-support/whatsapp/harness';
import {
  directMessage,
  groupMessage,
  groupMetadata,
  historySyncNotification,
  type PhoneScript,
} from '../../../test-support/whatsapp/scripted-whatsapp';
import type { ContactInfo } from '../driver';
import { MEDIA_EXPIRED } from '../driver';
import { png } from '../simulator/sample-media';
import type { BaileysOptions } from './baileys-driver';

// The real driver over a scripted Baileys socket whose events go through Baileys' own event buffer
// (test-support/whatsapp/scripted-whatsapp.ts cites the rc14 lines each step reproduces).
const { HistorySyncType } = proto.HistorySync;
const SUPPORT = '120363000000000001@g.us';
const SALES = '120363000000000002@g.us';
const CAROL_LID = '201234567890123@lid';
const CAROL_PN = '4915100000001@s.whatsapp.net';
const DAN_PN = '4915100000002@s.whatsapp.net';
const DAN_LID = '201234567890456@lid';
// A member whose number the group's metadata does not give (groupMetadata lists it as a bare LID).
const UNKNOWN_LID = '201234567890789@lid';
const UNKNOWN_PN = '4915100000003@s.whatsapp.net';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const groups = () => [
  groupMetadata(SUPPORT, 'Support', [
    { id: CAROL_LID, phoneNumber: CAROL_PN },
    { id: '201234567890789@lid' },
  ]),
  groupMetadata(SALES, 'Sales', [{ id: DAN_PN, lid: DAN_LID }], 'pn'),
];

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A linked, synced session that is connected. */
async function connected(
  script: Partial<PhoneScript> = {},
  options: { listGroupsOnOpen?: boolean; baileys?: Partial<BaileysOptions> } = {},
) {
  const h = createHarness({ groups: groups(), ...script }, { store: await linkedStore(), ...options });
  stops.push(() => h.runner.stop('end'));
  h.runner.start();
  const socket = await h.wa.socket(1);
  socket.open();
  await h.until(() => h.status() === 'connected');
  return { h, socket };
}

const contactsIn = (received: Received[]): ContactInfo[] =>
  received.flatMap((r) => (r.kind === 'contacts' ? r.contacts : []));
const pairsIn = (received: Received[]) =>
  contactsIn(received)
    .filter((c) => c.altJid)
    .map((c) => `${c.jid} ${c.altJid}`);

describe('Baileys driver: groups', () => {
  it('stores the group list echo as it is, with participants, and asks for it only once', async () => {
    const { h, socket } = await connected({}, { listGroupsOnOpen: true });
    // listGroups' own answer and its groups.update echo (groups.js:56).
    await h.until(() => h.received.filter((r) => r.kind === 'groups').length >= 2);
    await pause(60);
    expect(socket.calls.groupFetchAllParticipating).toBe(1);
    expect(socket.calls.groupMetadata).toEqual([]);
    const echo = h.received.filter((r) => r.kind === 'groups').at(-1);
    expect(echo?.kind === 'groups' && echo.groups.find((g) => g.jid === SUPPORT)).toEqual({
      jid: SUPPORT,
      name: 'Support',
      addressingMode: 'lid',
      size: 2,
      participants: [
        { jid: CAROL_LID, name: null, altJid: CAROL_PN },
        { jid: '201234567890789@lid', name: null, altJid: null },
      ],
    });
    // The participants' pairs are reported as contacts before the groups (PN member: its LID).
    expect(pairsIn(h.received)).toEqual(
      expect.arrayContaining([
        `${CAROL_LID} ${CAROL_PN}`,
        `${CAROL_PN} ${CAROL_LID}`,
        `${DAN_PN} ${DAN_LID}`,
      ]),
    );
  });

  it('fetches only the groups a partial update names, once each, one query at a time', async () => {
    const { h, socket } = await connected({ metadataDelayMs: 10 });
    await socket.groupNotification({ id: SUPPORT, subject: 'Support (new)' });
    await socket.groupNotification({ id: SALES, subject: 'Sales (new)' });
    await socket.groupNotification({ id: SUPPORT, subject: 'Support (newer)' });
    await h.until(() => socket.calls.groupMetadata.length >= 2);
    await pause(80);
    expect(socket.calls.groupMetadata.sort()).toEqual([SUPPORT, SALES]);
    expect(socket.calls.metadataInFlight).toBe(1);
    expect(socket.calls.groupFetchAllParticipating).toBe(0);
    const stored = h.received.flatMap((r) => (r.kind === 'groups' ? r.groups : []));
    expect(stored.map((g) => g.jid).sort()).toEqual([SUPPORT, SALES]);
    expect(stored.every((g) => g.participants !== null)).toBe(true);
  });
});

describe('Baileys driver: history', () => {
  it('asks for older messages with the oldest timestamp in seconds', async () => {
    const { h, socket } = await connected();
    const key = { remoteJid: SUPPORT, id: 'OLDEST', fromMe: false };
    const id = await h.connection().requestHistory(SUPPORT, { key, timestamp: 1_700_000_000 }, 80);
    expect(id).toBe('PDO-1');
    expect(socket.calls.fetchMessageHistory).toEqual([{ count: 50, key, timestamp: 1_700_000_000 }]);
  });

  it('passes an on-demand answer on even when the buffer dropped all its messages as already seen', async () => {
    const { h, socket } = await connected();
    const old = [groupMessage(SUPPORT, CAROL_PN, 'one'), groupMessage(SUPPORT, CAROL_PN, 'two')];
    await socket.history({ messages: old, syncType: HistorySyncType.RECENT });
    // Answers that arrive within one flush are merged into one event (event-buffer.js:221-287).
    await h.until(() => h.received.some((r) => r.kind === 'history'));
    // Same keys again as the phone's answer: event-buffer.js:248-255 drops them.
    await socket.history({
      messages: old.map(
        (m) => proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(m).finish()) as WAMessage,
      ),
      syncType: HistorySyncType.ON_DEMAND,
      peerDataRequestSessionId: 'PDO-1',
    });
    const batches = await h.until(() => {
      const all = h.received.flatMap((r) => (r.kind === 'history' ? [r.batch] : []));
      return all.length >= 2 ? all : null;
    });
    expect(batches[0]?.messages).toHaveLength(2);
    expect(batches[1]).toMatchObject({ messages: [], onDemand: true, requestId: 'PDO-1' });
  });

  it('keeps only group chats of the history, with the contacts and LID pairs of every chat', async () => {
    const { h, socket } = await connected();
    await socket.history({
      messages: [
        directMessage(CAROL_PN, 'private'),
        directMessage(DAN_LID, 'private too'),
        groupMessage(SUPPORT, CAROL_PN, 'in the group'),
      ],
      // Every chat is also a contact (Utils/history.js:55-62); Dan's LID chat names no number.
      contacts: [{ id: CAROL_PN }, { id: DAN_LID }, { id: SUPPORT }, { id: DAN_PN, notify: 'Dan' }],
      lidPnMappings: [{ lid: DAN_LID, pn: DAN_PN }],
      syncType: HistorySyncType.INITIAL_BOOTSTRAP,
    });
    const batch = await h.until(() => h.received.find((r) => r.kind === 'history'));
    expect(batch.kind === 'history' && batch.batch.messages.map((m) => m.key.remoteJid)).toEqual([SUPPORT]);
    expect(batch.kind === 'history' && batch.batch.contacts).toContainEqual({
      jid: DAN_PN,
      name: 'Dan',
      altJid: null,
    });
    // lidPnMappings never survive the buffer (event-buffer.js:544-555): the driver reports them itself.
    expect(pairsIn(h.received)).toEqual(
      expect.arrayContaining([`${DAN_LID} ${DAN_PN}`, `${DAN_PN} ${DAN_LID}`]),
    );
  });
});

describe('Baileys driver: a full history sync', () => {
  it('drops 1:1 chats as Baileys emits a decoded chunk, before its buffer holds them, keeping their contacts', async () => {
    const { h, socket } = await connected();
    const EVE_LID = '201234567890999@lid';
    const EVE_PN = '4915100000009@s.whatsapp.net';
    await socket.historySync(
      historySyncNotification(HistorySyncType.FULL, [
        { id: CAROL_PN, name: 'Carol', messages: [directMessage(CAROL_PN, 'private')] },
        { id: EVE_LID, pnJid: EVE_PN, messages: [directMessage(EVE_LID, 'private too')] },
        { id: SUPPORT, messages: [groupMessage(SUPPORT, CAROL_LID, 'in the group')] },
      ]),
    );
    const batch = await h.until(() => h.received.find((r) => r.kind === 'history'));
    // Utils/history.js:55-98 decoded all three chats; the buffer (event-buffer.js:215-250) got the group's.
    expect(socket.calls.historyBuffered).toEqual([[SUPPORT]]);
    expect(batch.kind === 'history' && batch.batch.messages.map((m) => m.key.remoteJid)).toEqual([SUPPORT]);
    // Every chat is also a contact (history.js:55-62), with the LID pair of Eve's chat.
    expect(batch.kind === 'history' && batch.batch.contacts).toEqual(
      expect.arrayContaining([{ jid: CAROL_PN, name: 'Carol', altJid: null }]),
    );
    expect(pairsIn(h.received)).toEqual(expect.arrayContaining([`${EVE_LID} ${EVE_PN}`]));
  });
});

describe('Baileys driver: LID pairs', () => {
  it('reports lid-mapping.update pairs both ways', async () => {
    const { h, socket } = await connected();
    await socket.lidMapping(CAROL_LID, CAROL_PN);
    await h.until(() => contactsIn(h.received).length > 0);
    expect(contactsIn(h.received)).toEqual([
      { jid: CAROL_LID, name: null, altJid: CAROL_PN },
      { jid: CAROL_PN, name: null, altJid: CAROL_LID },
    ]);
  });

  it('looks up the number of a LID sender without participantAlt before passing its messages on', async () => {
    const { h, socket } = await connected();
    // Pairs Baileys stored earlier (here: from an earlier history chunk, process-message.js:263-267).
    await socket.history({ messages: [], lidPnMappings: [{ lid: CAROL_LID, pn: CAROL_PN }] });
    await h.until(() => h.received.some((r) => r.kind === 'history'));
    h.received.length = 0;

    const live = groupMessage(SUPPORT, CAROL_LID, 'hello');
    await socket.live([live]);
    await h.until(() => h.received.some((r) => r.kind === 'live'));
    // A fresh connection has not reported the pair yet: it does, before the message.
    const order = h.received.map((r) => r.kind);
    expect(order.indexOf('contacts')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('contacts')).toBeLessThan(order.indexOf('live'));
    expect(pairsIn(h.received)).toEqual(expect.arrayContaining([`${CAROL_LID} ${CAROL_PN}`]));
    expect(live.key.participantAlt ?? null).toBeNull(); // the message itself is left as it came
  });

  it('looks a LID sender up again once a send stored its number, without a message or an event', async () => {
    const stranger = groupMessage(SUPPORT, UNKNOWN_LID, 'hi all');
    const { h, socket } = await connected(
      { usync: [{ lid: UNKNOWN_LID, pn: UNKNOWN_PN }] },
      { baileys: { lidRetryMs: 50 } },
    );
    await socket.live([stranger]);
    await h.until(() => h.received.some((r) => r.kind === 'live'));
    expect(pairsIn(h.received)).toEqual([]);
    // The reply's device query answers the pair (messages-send.js:197-203); Baileys tells nobody.
    await h.connection().sendText({ groupJid: SUPPORT, text: 'Welcome!', quoted: stranger }, async () => {});
    await h.until(() => pairsIn(h.received).includes(`${UNKNOWN_LID} ${UNKNOWN_PN}`));
    expect(pairsIn(h.received)).toEqual([`${UNKNOWN_LID} ${UNKNOWN_PN}`, `${UNKNOWN_PN} ${UNKNOWN_LID}`]);
  });

  it('looks a LID sender without a number up again on a later message, at most once per interval', async () => {
    const { h, socket } = await connected({}, { baileys: { lidRetryMs: 1_000 } });
    const lidMapping = socket.sock.signalRepository.lidMapping;
    const lookups: string[][] = [];
    const lookUp = lidMapping.getPNsForLIDs.bind(lidMapping);
    lidMapping.getPNsForLIDs = async (lids) => {
      lookups.push(lids);
      return lookUp(lids);
    };
    await socket.live([groupMessage(SUPPORT, UNKNOWN_LID, 'one')]);
    await h.until(() => h.received.filter((r) => r.kind === 'live').length === 1);
    // Baileys learns the pair silently, e.g. from a LID migration sync (process-message.js:395-403).
    await lidMapping.storeLIDPNMappings([{ lid: UNKNOWN_LID, pn: UNKNOWN_PN }]);
    const asked = Date.now();
    await socket.live([groupMessage(SUPPORT, UNKNOWN_LID, 'two')]);
    await h.until(() => h.received.filter((r) => r.kind === 'live').length === 2);
    if (Date.now() - asked < 900) expect(lookups).toEqual([[UNKNOWN_LID]]); // not again within the interval
    await pause(1_050 - (Date.now() - asked));
    h.received.length = 0;
    await socket.live([groupMessage(SUPPORT, UNKNOWN_LID, 'three')]);
    await h.until(() => h.received.some((r) => r.kind === 'live'));
    const order = h.received.map((r) => r.kind);
    expect(order.indexOf('contacts')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('contacts')).toBeLessThan(order.indexOf('live'));
    expect(pairsIn(h.received)).toEqual([`${UNKNOWN_LID} ${UNKNOWN_PN}`, `${UNKNOWN_PN} ${UNKNOWN_LID}`]);
    expect(lookups.length).toBeLessThanOrEqual(2);
  });

  it('passes messages on without the number when the LID lookup fails', async () => {
    const { h, socket } = await connected();
    socket.sock.signalRepository.lidMapping.getPNsForLIDs = async () => {
      throw new Error('key store unavailable');
    };
    await socket.live([groupMessage(SUPPORT, CAROL_LID, 'still here')]);
    await h.until(() => h.received.some((r) => r.kind === 'live'));
    expect(pairsIn(h.received)).toEqual([]);
  });

  it('looks up LID senders of history messages before the history batch', async () => {
    const store = await linkedStore();
    const h = createHarness({ groups: groups() }, { store });
    stops.push(() => h.runner.stop('end'));
    h.runner.start();
    const socket = await h.wa.socket(1);
    // A pair the session stored on an earlier connection.
    await socket.sock.signalRepository.lidMapping.storeLIDPNMappings([{ lid: DAN_LID, pn: DAN_PN }]);
    socket.open();
    await h.until(() => h.status() === 'connected');
    await socket.history({ messages: [groupMessage(SALES, DAN_LID, 'from the past')] });
    await h.until(() => h.received.some((r) => r.kind === 'history'));
    const order = h.received.map((r) => r.kind);
    expect(order.indexOf('contacts')).toBeLessThan(order.indexOf('history'));
    expect(pairsIn(h.received)).toEqual(
      expect.arrayContaining([`${DAN_LID} ${DAN_PN}`, `${DAN_PN} ${DAN_LID}`]),
    );
  });
});

describe('Baileys driver: media', () => {
  const original = png(32, 24, [22, 163, 74]);
  let server: ReturnType<typeof createServer>;
  let base = '';
  let encrypted: Awaited<ReturnType<typeof encryptedStream>>;

  beforeAll(async () => {
    encrypted = await encryptedStream(original, 'image', { logger: pino({ level: 'silent' }) });
    const body = await readFile(encrypted.encFilePath);
    // /expired answers as WhatsApp's CDN does for media it dropped; /renewed has the file.
    server = createServer((request, response) =>
      request.url === '/renewed' ? response.writeHead(200).end(body) : response.writeHead(410).end(),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(encrypted.encFilePath, { force: true });
  });

  const imageAt = (url: string): WAMessage =>
    proto.WebMessageInfo.fromObject({
      key: { remoteJid: SUPPORT, id: 'MEDIA1', fromMe: false, participant: CAROL_PN },
      messageTimestamp: 1_700_000_000,
      message: {
        imageMessage: {
          url,
          mediaKey: encrypted.mediaKey,
          mimetype: 'image/png',
          fileSha256: encrypted.fileSha256,
          fileEncSha256: encrypted.fileEncSha256,
          fileLength: encrypted.fileLength,
        },
      },
    }) as WAMessage;

  it('asks the phone for expired media and gives up with a clear message when it does not answer', async () => {
    const { h, socket } = await connected();
    const started = Date.now();
    await expect(h.connection().downloadMedia(imageAt(`${base}/expired`))).rejects.toThrow(
      'The phone did not send the expired media again within 0.1 s. Open WhatsApp on the phone and try again.',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(socket.calls.updateMediaMessage).toBe(1);
  });

  // Baileys' wait for the phone's re-upload holds a listener on messages.media-update and one on
  // connection.update until the phone answers (messages-send.js:981, 1019; Utils/generics.js:151-173): a
  // time-out that only stops waiting on our side left both behind for every request.
  it('leaves no listener of Baileys behind when the phone does not re-upload in time', async () => {
    const { h, socket } = await connected();
    const held = () => [socket.listeners('messages.media-update'), socket.listeners('connection.update')];
    const before = held();
    for (let request = 0; request < 3; request++) {
      await expect(h.connection().downloadMedia(imageAt(`${base}/expired`))).rejects.toThrow(
        /did not send the expired media again/,
      );
    }
    expect(socket.calls.updateMediaMessage).toBe(3);
    await h.until(() => held().every((count, i) => count === before[i]));
    expect(held()).toEqual(before);
  });

  it('downloads expired media again once the phone uploaded it', async () => {
    const { h } = await connected({
      reupload: async (message) => {
        const copy = proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(message).finish()) as WAMessage;
        if (copy.message?.imageMessage) copy.message.imageMessage.url = `${base}/renewed`;
        return copy;
      },
    });
    const media = await h.connection().downloadMedia(imageAt(`${base}/expired`));
    expect(Buffer.compare(await buffer(media.stream), original)).toBe(0);
  });

  it('says that media expired when there is no connection to ask the phone', async () => {
    const { h } = await connected();
    await expect(h.driver.downloadMedia(imageAt(`${base}/expired`))).rejects.toThrow(MEDIA_EXPIRED);
  });
});
