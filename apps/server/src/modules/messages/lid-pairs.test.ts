import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { say } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { FAST_WHATSAPP, linkSession } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { tickets, waContacts, waGroupParticipants, waMessages } from '../../db/schema';
import type { ContactInfo } from '../../whatsapp/driver';

const CARLA = { lid: '201111111111111@lid', jid: '4915111111111@s.whatsapp.net' };
const DEV = { lid: '202222222222222@lid', jid: '4915122222222@s.whatsapp.net' };
const OMAR = { lid: '203333333333333@lid', jid: '4915133333333@s.whatsapp.net' };

describeWithDatabase('LID/phone-number pairs and group members', (ctx) => {
  const contactsOf = (sessionId: string) =>
    ctx.db
      .select({ jid: waContacts.jid, name: waContacts.name, altJid: waContacts.altJid })
      .from(waContacts)
      .where(eq(waContacts.sessionId, sessionId))
      .orderBy(asc(waContacts.jid));
  const membersOf = (sessionId: string, groupJid: string) =>
    ctx.db
      .select({ jid: waGroupParticipants.jid, altJid: waGroupParticipants.altJid })
      .from(waGroupParticipants)
      .where(and(eq(waGroupParticipants.sessionId, sessionId), eq(waGroupParticipants.groupJid, groupJid)))
      .orderBy(asc(waGroupParticipants.jid));

  it('stores every pair both ways, and a report without a name keeps the known one', async () => {
    const desk = await deskFixture(ctx);
    const store = internalsOf(ctx.app).messageStore;
    await store.saveContacts(desk.sessionId, [{ jid: CARLA.jid, name: 'Carla', altJid: null }]);
    await store.saveContacts(desk.sessionId, [
      { jid: CARLA.lid, name: null, altJid: CARLA.jid },
      { jid: DEV.jid, name: 'Dev', altJid: DEV.lid },
    ]);

    expect(await contactsOf(desk.sessionId)).toEqual([
      { jid: CARLA.lid, name: null, altJid: CARLA.jid },
      { jid: DEV.lid, name: 'Dev', altJid: DEV.jid },
      { jid: CARLA.jid, name: 'Carla', altJid: CARLA.lid },
      { jid: DEV.jid, name: 'Dev', altJid: DEV.lid },
    ]);
  });

  it("keeps each group's members: a list replaces them, an update without one leaves them", async () => {
    const desk = await deskFixture(ctx);
    const ref = { id: desk.sessionId, organisationId: desk.organisationId };
    const group = (jid: string, participants: ContactInfo[] | null) => ({
      jid,
      name: jid,
      addressingMode: 'lid' as const,
      size: participants?.length ?? 0,
      participants,
    });
    const member = (p: { lid: string; jid: string }, known = true) => ({
      jid: p.lid,
      name: null,
      altJid: known ? p.jid : null,
    });

    await internalsOf(ctx.app).messageStore.saveGroups(
      ref,
      [group('a@g.us', [member(CARLA), member(DEV)]), group('b@g.us', [member(OMAR)])],
      true,
    );
    // Dev left, Omar joined, Carla listed without her number this time.
    await internalsOf(ctx.app).messageStore.saveGroups(
      ref,
      [group('a@g.us', [member(CARLA, false), member(OMAR)])],
      false,
    );
    await internalsOf(ctx.app).messageStore.saveGroups(ref, [group('b@g.us', null)], false);

    expect(await membersOf(desk.sessionId, 'a@g.us')).toEqual([
      { jid: CARLA.lid, altJid: CARLA.jid },
      { jid: OMAR.lid, altJid: OMAR.jid },
    ]);
    expect(await membersOf(desk.sessionId, 'b@g.us')).toEqual([{ jid: OMAR.lid, altJid: OMAR.jid }]);
    expect((await contactsOf(desk.sessionId)).map((c) => c.jid)).toEqual(
      [CARLA.lid, DEV.lid, OMAR.lid, CARLA.jid, DEV.jid, OMAR.jid].sort(),
    );

    // The phone's whole list without group b: it was left, its members go with it.
    await internalsOf(ctx.app).messageStore.saveGroups(ref, [group('a@g.us', null)], true);
    expect(await membersOf(desk.sessionId, 'b@g.us')).toEqual([]);
    expect(await membersOf(desk.sessionId, 'a@g.us')).toHaveLength(2);
  });

  it("the simulator's LID group lists its members with their numbers, and a member's LID-only message is resolved", async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(server, { email: 'sim@example.com' });
    const { sessionId, groups } = await linkSession(server, owner);
    const lidGroup = groups.find((g) => g.name === 'Store Managers');
    const simulated = server.whatsapp.simulator?.groups(sessionId).find((g) => g.jid === lidGroup?.group_id);
    if (!lidGroup || !simulated) throw new Error('no LID group');
    const carla = simulated.members[1];
    if (!carla) throw new Error('no member');

    const members = await membersOf(sessionId, lidGroup.group_id);
    expect(members).toContainEqual({ jid: carla.lid, altJid: carla.jid });
    expect(members.every((m) => m.jid.endsWith('@lid') && m.altJid?.endsWith('@s.whatsapp.net'))).toBe(true);

    const sent = server.whatsapp.simulator?.incoming(sessionId, {
      groupId: lidGroup.group_id,
      body: 'the till is broken',
      authorPhone: carla.phone,
    });
    expect(sent?.key.participant).toBe(carla.lid);
    expect(sent?.key).not.toHaveProperty('participantAlt');
    await server.whatsapp.gateway.settled(sessionId);
    await internalsOf(server).ticketProcessor.settled();

    const [stored] = await ctx.db
      .select({ author: waMessages.author, authorAlt: waMessages.authorAlt })
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.waId, sent?.key.id ?? '')));
    expect(stored).toEqual({ author: carla.lid, authorAlt: carla.jid });
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.groupJid, lidGroup.group_id));
    expect(ticket?.customerNumber).toBe(`+${carla.phone}`);
    // A sender the member list does not hold comes with its number (what the desk's `say` posts).
    await say(server, owner, sessionId, {
      group_id: lidGroup.group_id,
      body: 'new here',
      author_phone: '919812345678',
    });
    const [stranger] = await ctx.db
      .select({ authorAlt: waMessages.authorAlt })
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.author, '9198123456780@lid')));
    expect(stranger?.authorAlt).toBe('919812345678@s.whatsapp.net');
  });
});
