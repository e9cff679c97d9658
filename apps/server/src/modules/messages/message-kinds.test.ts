import { proto, type WAMessage } from 'baileys';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { internalsOf } from '../../app-internals';
import { tickets, waMessages } from '../../db/schema';

const GROUP = '120363000000000001@g.us';
const ALICE_PN = '4915112345678@s.whatsapp.net';
const ALICE_LID = '219876543210123@lid';
const BOB_PN = '4917099999999@s.whatsapp.net';

let counter = 0;
interface Sender {
  participant?: string;
  participantAlt?: string;
  fromMe?: boolean;
  isViewOnce?: boolean;
}
function wire(
  message: proto.IMessage | null,
  sender: Sender = { participant: ALICE_PN },
  id?: string,
): WAMessage {
  counter += 1;
  const built = proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: GROUP,
      fromMe: Boolean(sender.fromMe),
      id: id ?? `3EB0KIND${String(counter).padStart(10, '0')}`,
      ...(sender.fromMe ? {} : { participant: sender.participant }),
    },
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: 'Carla',
    ...(message ? { message } : {}),
  }) as WAMessage;
  // Fields Baileys' decoder adds to the key, which the proto schema does not have.
  if (sender.participantAlt) Object.assign(built.key, { participantAlt: sender.participantAlt });
  if (sender.isViewOnce) Object.assign(built.key, { isViewOnce: true });
  return built;
}
const edit = (targetId: string, text: string, sender: Sender) =>
  wire(
    {
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        // The target key names the original author: an impostor can write anything there.
        key: { id: targetId, remoteJid: GROUP, participant: ALICE_PN },
        editedMessage: { conversation: text },
      },
    },
    sender,
  );

describeWithDatabase('edits and message kinds in the store', (ctx) => {
  async function setup() {
    const desk = await deskFixture(ctx);
    const ref = { id: desk.sessionId, organisationId: desk.organisationId };
    const store = (batch: WAMessage[]) => internalsOf(ctx.app).messageStore.ingest(ref, batch, 'history');
    const body = async (waId: string) =>
      (await ctx.db.select({ body: waMessages.body }).from(waMessages).where(eq(waMessages.waId, waId)))[0]
        ?.body;
    return { ref, store, body };
  }

  it('takes an edit only from the message author: another member changes nothing', async () => {
    const { store, body } = await setup();
    const original = wire({ conversation: 'refund 20 EUR' }, { participant: ALICE_PN });
    const id = original.key.id as string;
    await store([original]);

    await store([edit(id, 'refund 2000 EUR', { participant: BOB_PN })]);
    await store([edit(id, 'refund 2000 EUR', { fromMe: true })]);
    expect(await body(id)).toBe('refund 20 EUR');

    await store([edit(id, 'refund 25 EUR', { participant: `${ALICE_PN.split('@')[0]}:3@s.whatsapp.net` })]);
    expect(await body(id)).toBe('refund 25 EUR');
  });

  it('matches the author across LID and phone-number spellings, on either side', async () => {
    const { store, body } = await setup();
    // Stored under the LID with the phone number as the other address; the edit comes from the phone number.
    const fromLid = wire({ conversation: 'v1' }, { participant: ALICE_LID, participantAlt: ALICE_PN });
    // Stored under the phone number alone; the edit comes from the LID with the phone number as its other address.
    const fromPn = wire({ conversation: 'w1' }, { participant: ALICE_PN });
    await store([fromLid, fromPn]);
    await store([
      edit(fromLid.key.id as string, 'v2', { participant: ALICE_PN }),
      edit(fromPn.key.id as string, 'w2', { participant: ALICE_LID, participantAlt: ALICE_PN }),
    ]);
    expect(await body(fromLid.key.id as string)).toBe('v2');
    expect(await body(fromPn.key.id as string)).toBe('w2');
    // A LID that is not Alice's, claiming her phone number nowhere, is refused.
    await store([edit(fromLid.key.id as string, 'v3', { participant: '111111111111111@lid' })]);
    expect(await body(fromLid.key.id as string)).toBe('v2');
  });

  it('takes an edit of our own message only from our own devices', async () => {
    const { store, body } = await setup();
    const own = wire({ conversation: 'we will call you' }, { fromMe: true });
    const id = own.key.id as string;
    await store([own]);
    await store([edit(id, 'we will never call', { participant: ALICE_PN })]);
    expect(await body(id)).toBe('we will call you');
    await store([edit(id, 'we will call you today', { fromMe: true })]);
    expect(await body(id)).toBe('we will call you today');
  });

  it("opens a ticket for a customer's view-once photo that reached the linked device as a stub", async () => {
    const { ref } = await setup();
    const stub = wire(null, { participant: ALICE_PN, isViewOnce: true });
    await internalsOf(ctx.app).messageStore.ingest(ref, [stub], 'live');
    await internalsOf(ctx.app).ticketProcessor.settled();
    const [row] = await ctx.db
      .select()
      .from(waMessages)
      .where(eq(waMessages.waId, stub.key.id as string));
    expect(row).toMatchObject({ messageType: 'view_once', body: 'View-once message — open it on the phone' });
    const [ticket] = await ctx.db.select().from(tickets);
    expect(ticket).toMatchObject({ status: 'open', lastMessage: 'View-once message — open it on the phone' });
  });

  it('opens a ticket for a kind the desk cannot show, saying so', async () => {
    const { ref } = await setup();
    const unknown = wire({ scheduledCallCreationMessage: { callType: 1, title: 'Call me' } });
    await internalsOf(ctx.app).messageStore.ingest(ref, [unknown], 'live');
    await internalsOf(ctx.app).ticketProcessor.settled();
    const [ticket] = await ctx.db.select().from(tickets);
    expect(ticket?.lastMessage).toBe('Unsupported message — open it on the phone');
  });
});
