import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createAgentDirectory, type KnownAgent } from './agent-directory';

function setup(agents: KnownAgent[] = [{ name: 'Dev', number: '+4917000000001' }]) {
  const clock = createFakeClock();
  let loads = 0;
  let fail = false;
  const directory = createAgentDirectory({
    load: async () => {
      loads++;
      if (fail) throw new Error('database down');
      return [...agents];
    },
    clock,
    ttlMs: 5_000,
  });
  return { directory, clock, agents, loads: () => loads, failNext: (value: boolean) => (fail = value) };
}

describe('agent directory', () => {
  it('answers from one load per organisation while the list is fresh, shared by concurrent callers', async () => {
    const { directory, loads } = setup();
    const answers = await Promise.all([
      directory.byNumber(1, '+4917000000001'),
      directory.byNumber(1, '+4917000000001'),
      directory.byNumber(1, '+4915100000000'),
    ]);
    expect(answers).toEqual([
      { name: 'Dev', number: '+4917000000001' },
      { name: 'Dev', number: '+4917000000001' },
      null,
    ]);
    expect(loads()).toBe(1);
    await directory.byNumber(2, '+4917000000001');
    expect(loads()).toBe(2);
  });

  it('reloads after the time to live, and at once after forget', async () => {
    const { directory, clock, agents, loads } = setup();
    await directory.byNumber(1, '+1');
    agents.push({ name: 'New', number: '+4915100000000' });
    clock.advance(4_999);
    expect(await directory.byNumber(1, '+4915100000000')).toBeNull();
    clock.advance(1);
    expect(await directory.byNumber(1, '+4915100000000')).toMatchObject({ name: 'New' });
    directory.forget(1);
    await directory.byNumber(1, '+1');
    expect(loads()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const { directory, failNext } = setup();
    failNext(true);
    await expect(directory.byNumber(1, '+4917000000001')).rejects.toThrow('database down');
    failNext(false);
    expect(await directory.byNumber(1, '+4917000000001')).not.toBeNull();
  });
});
