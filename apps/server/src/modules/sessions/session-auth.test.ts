import {
  addTransactionCapability,
  Curve,
  DEFAULT_CONNECTION_CONFIG,
  generateSignalPubKey,
  makeCacheableSignalKeyStore,
  type SignalKeyStore,
} from 'baileys';
import pino from 'pino';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { organisations, waAuth, waSessions } from '../../db/schema';
import { loadSessionAuth } from '../../whatsapp/auth/session-auth';
import type { SessionAuth } from '../../whatsapp/driver';
import { createSessionAuthRepository, StaleLeaseError } from './session-auth.repository';
import { createSessionLeasesRepository } from './session-leases.repository';

const logger = pino({ level: 'silent' });
const ALICE = '4917011111111@s.whatsapp.net';
const BOB = '4917022222222@s.whatsapp.net';

// What makeWASocket does with our store: a cache in front, transactions on top.
const signalRepository = (auth: SessionAuth) =>
  DEFAULT_CONNECTION_CONFIG.makeSignalRepository(
    {
      creds: auth.state.creds,
      keys: addTransactionCapability(makeCacheableSignalKeyStore(auth.state.keys, logger), logger, {
        maxCommitRetries: 3,
        delayBetweenTriesMs: 10,
      }),
    },
    logger,
  );

describeEachDatabase('session auth store', (ctx) => {
  async function newSession(): Promise<string> {
    const [organisation] = await ctx.db.insert(organisations).values({ name: 'o' }).returning();
    const [session] = await ctx.db
      .insert(waSessions)
      .values({ organisationId: organisation?.id ?? 0, name: 's', description: 'd' })
      .returning();
    return session?.id ?? '';
  }

  it('round-trips creds with their Buffers through BufferJSON, and forgets them on clear', async () => {
    const repo = createSessionAuthRepository(ctx.db);
    const sessionId = await newSession();
    const first = await loadSessionAuth(repo, sessionId);
    first.state.creds.me = { id: ALICE, name: 'Alice' };
    await first.saveCreds();

    const again = await loadSessionAuth(repo, sessionId);
    expect(again.state.creds.me).toEqual({ id: ALICE, name: 'Alice' });
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.compare(again.state.creds.noiseKey.private, first.state.creds.noiseKey.private)).toBe(0);
    expect(again.state.creds.signedPreKey).toEqual(first.state.creds.signedPreKey);

    await again.clear();
    expect(await ctx.count(waAuth)).toBe(0);
    expect((await loadSessionAuth(repo, sessionId)).state.creds.me).toBeUndefined();
  });

  it('stores, overwrites and deletes keys', async () => {
    const repo = createSessionAuthRepository(ctx.db);
    const auth = await loadSessionAuth(repo, await newSession());
    const keys: SignalKeyStore = auth.state.keys;
    await keys.set({
      session: { a: Buffer.from('one'), b: Buffer.from('two') },
      'device-list': { u: ['0', '3'] },
    });
    await keys.set({ session: { a: Buffer.from('uno'), b: null } });
    expect(await keys.get('session', ['a', 'b', 'missing'])).toEqual({ a: Buffer.from('uno') });
    expect(await keys.get('device-list', ['u'])).toEqual({ u: ['0', '3'] });
  });

  // The round trip of decision 0015 §1, through our store.
  it('keeps a real Signal session working across a reload from the database', async () => {
    const repo = createSessionAuthRepository(ctx.db);
    const [aliceId, bobId] = [await newSession(), await newSession()];
    const alice = await loadSessionAuth(repo, aliceId);
    const bob = await loadSessionAuth(repo, bobId);
    await Promise.all([alice.saveCreds(), bob.saveCreds()]); // as on the socket's first creds.update

    // Bob publishes a pre-key bundle; Alice starts a session from it and sends a pkmsg.
    const preKey = Curve.generateKeyPair();
    await bob.state.keys.set({ 'pre-key': { '1': preKey } });
    const { creds } = bob.state;
    await signalRepository(alice).injectE2ESession({
      jid: BOB,
      session: {
        registrationId: creds.registrationId,
        identityKey: generateSignalPubKey(creds.signedIdentityKey.public),
        signedPreKey: {
          keyId: creds.signedPreKey.keyId,
          publicKey: generateSignalPubKey(creds.signedPreKey.keyPair.public),
          signature: creds.signedPreKey.signature,
        },
        preKey: { keyId: 1, publicKey: generateSignalPubKey(preKey.public) },
      },
    });
    const hello = await signalRepository(alice).encryptMessage({
      jid: BOB,
      data: Buffer.from('hello from alice'),
    });
    expect(hello.type).toBe('pkmsg');

    // Bob, loaded afresh from the database, decrypts it and answers on the established session.
    const bobAgain = await loadSessionAuth(repo, bobId);
    const plain = await signalRepository(bobAgain).decryptMessage({ jid: ALICE, ...hello });
    expect(Buffer.from(plain).toString()).toBe('hello from alice');
    const reply = await signalRepository(bobAgain).encryptMessage({
      jid: ALICE,
      data: Buffer.from('hi alice'),
    });
    expect(reply.type).toBe('msg');

    // Alice, also reloaded: only what our store kept can decrypt the reply.
    const aliceAgain = await loadSessionAuth(repo, aliceId);
    const answer = await signalRepository(aliceAgain).decryptMessage({ jid: BOB, ...reply });
    expect(Buffer.from(answer).toString()).toBe('hi alice');
  });

  it("refuses an instance's key writes once another instance took the session over", async () => {
    const sessionId = await newSession();
    const leases = createSessionLeasesRepository(ctx.db);
    const first = await leases.claim('instance-a', sessionId, 60_000);
    if (!first) throw new Error('no lease');
    const a = createSessionAuthRepository(ctx.db, { ownerId: 'instance-a', epoch: first.epoch });
    await a.write(sessionId, [{ type: 'session', keyId: 'k', value: 'from a' }]);

    // A's lease lapses (it stopped renewing) and B takes the session with a new epoch.
    expect(await leases.claim('instance-b', sessionId, 60_000)).toBeNull(); // held: refused
    await ctx.db.update(waSessions).set({ leaseExpiresAt: new Date(Date.now() - 1_000) });
    const second = await leases.claim('instance-b', sessionId, 60_000);
    expect(second?.epoch).toBe(first.epoch + 1);
    const b = createSessionAuthRepository(ctx.db, { ownerId: 'instance-b', epoch: second?.epoch ?? 0 });

    await expect(a.write(sessionId, [{ type: 'session', keyId: 'k', value: 'late a' }])).rejects.toThrow(
      StaleLeaseError,
    );
    await expect(a.clear(sessionId)).rejects.toThrow(StaleLeaseError);
    await b.write(sessionId, [{ type: 'session', keyId: 'k', value: 'from b' }]);
    expect(await b.read(sessionId, 'session', ['k'])).toEqual(new Map([['k', 'from b']]));
  });
});
