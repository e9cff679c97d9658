import { addTransactionCapability, type SignalDataTypeMap } from 'baileys';
import pino from 'pino';
import { expect, it } from 'vitest';
import { memoryAuthStore } from '../../../test-support/whatsapp/harness';
import { loadSessionAuth } from './session-auth';

const logger = pino({ level: 'silent' });
const session = (text: string) => Buffer.from(text) as unknown as SignalDataTypeMap['session'];

/**
 * The key store as the socket uses it: Baileys wraps the keys it is given in transactions whose mutations
 * are committed with retries and then given up (Utils/auth-utils.js:143-163, 240-260; socket.js:269-271).
 * What the session holds in memory must never be ahead of what is stored: a restart would resume from
 * older Signal sessions than its contacts have (Bad MAC, Baileys #2321).
 */
it('keeps in memory what the database has when a key write fails after its retries', async () => {
  const store = memoryAuthStore();
  const auth = await loadSessionAuth(store, 'session');
  const keys = addTransactionCapability(auth.state.keys, logger, {
    maxCommitRetries: 3,
    delayBetweenTriesMs: 1,
  });
  const write = (text: string) =>
    keys.transaction(async () => keys.set({ session: { 'carla.0': session(text) } }), 'carla');
  const read = async () => (await keys.get('session', ['carla.0']))['carla.0']?.toString();

  await write('ratchet 1');
  expect(await read()).toBe('ratchet 1');

  store.failing = true;
  const writesBefore = store.writes;
  await expect(write('ratchet 2')).rejects.toThrow('connection to the database lost');
  expect(store.writes - writesBefore).toBe(3);
  expect(await read()).toBe('ratchet 1');

  // Once the database is back, the next change is written and read as usual; a restart reads the same.
  store.failing = false;
  await write('ratchet 3');
  expect(await read()).toBe('ratchet 3');
  await auth.close();
  const restarted = await loadSessionAuth(store, 'session');
  const again = await restarted.state.keys.get('session', ['carla.0']);
  expect(again['carla.0']?.toString()).toBe('ratchet 3');
  await restarted.close();
});

it('reads a key from the database again after a write whose outcome is unknown', async () => {
  const store = memoryAuthStore();
  const auth = await loadSessionAuth(store, 'session');
  await auth.state.keys.set({ session: { 'dan.0': session('old') } });
  expect((await auth.state.keys.get('session', ['dan.0']))['dan.0']?.toString()).toBe('old');
  // The write reached the database but its answer was lost (the connection dropped after the commit).
  const write = store.write;
  store.write = async (id, rows) => {
    await write(id, rows);
    throw new Error('connection reset');
  };
  await expect(auth.state.keys.set({ session: { 'dan.0': session('new') } })).rejects.toThrow();
  store.write = write;
  expect((await auth.state.keys.get('session', ['dan.0']))['dan.0']?.toString()).toBe('new');
  await auth.close();
});
