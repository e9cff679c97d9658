import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { teammate } from '../../../test/helpers/team';
import { createTokenUsers, TOKEN_STATE_TTL_MS, type TokenState } from './token-users';

const member: TokenState = { organisationId: 3, role: 'member', emailVerified: true, validAfter: null };
const issued = new Date('2026-11-27T10:00:00Z');

/** A reader whose answers the test sets, counting reads; `hold` keeps the next read pending. */
function fakeReader() {
  const state = new Map<number, TokenState | null>([[7, member]]);
  let reads = 0;
  let held: (() => void) | null = null;
  let holdNext = false;
  const read = async (userId: number) => {
    reads++;
    const answer = state.get(userId) ?? null;
    if (holdNext) {
      holdNext = false;
      await new Promise<void>((resolve) => {
        held = resolve;
      });
    }
    return answer;
  };
  return {
    read,
    state,
    reads: () => reads,
    hold: () => {
      holdNext = true;
    },
    release: () => held?.(),
  };
}

describe('token users', () => {
  it('reads a user once per TTL, shares a read between concurrent requests, and reads again after it', async () => {
    const reader = fakeReader();
    let t = 0;
    const users = createTokenUsers(reader.read, { now: () => t });
    const answers = await Promise.all([1, 2, 3].map(() => users.lookup(7, 3, issued)));
    expect(answers).toEqual([1, 2, 3].map(() => ({ role: 'member', emailVerified: true })));
    expect(reader.reads()).toBe(1);
    reader.state.set(7, { ...member, role: 'admin' });
    t = TOKEN_STATE_TTL_MS - 1;
    expect(await users.lookup(7, 3, issued)).toMatchObject({ role: 'member' });
    t = TOKEN_STATE_TTL_MS;
    expect(await users.lookup(7, 3, issued)).toMatchObject({ role: 'admin' });
    expect(reader.reads()).toBe(2);
    // A clock set back does not stretch a reading.
    reader.state.set(7, { ...member, role: 'owner' });
    t = 0;
    expect(await users.lookup(7, 3, issued)).toMatchObject({ role: 'owner' });
  });

  it('sees a change made here at once: forget drops the reading, and a reading begun before it is not kept', async () => {
    const reader = fakeReader();
    const users = createTokenUsers(reader.read, { now: () => 0 });
    expect(await users.lookup(7, 3, issued)).toMatchObject({ role: 'member' });
    reader.state.set(7, { ...member, role: 'admin' });
    users.forget([7]);
    expect(await users.lookup(7, 3, issued)).toMatchObject({ role: 'admin' });

    // A read in flight when the row changes answers its own request only.
    users.forget([7]);
    reader.hold();
    const before = users.lookup(7, 3, issued);
    reader.state.delete(7);
    users.forget([7]);
    const after = users.lookup(7, 3, issued);
    reader.release();
    expect(await before).toMatchObject({ role: 'admin' });
    expect(await after).toBeNull();
  });

  it('refuses a token of another organisation, one issued before the cut-off, and a user who is gone', async () => {
    const reader = fakeReader();
    const users = createTokenUsers(reader.read, { now: () => 0 });
    expect(await users.lookup(7, 4, issued)).toBeNull();
    expect(await users.lookup(8, 3, issued)).toBeNull();
    reader.state.set(7, { ...member, validAfter: new Date(issued.getTime() + 1) });
    users.forget([7]);
    expect(await users.lookup(7, 3, issued)).toBeNull();
    expect(await users.lookup(7, 3, new Date(issued.getTime() + 1))).not.toBeNull();
  });

  it('does not remember a failed read, and keeps at most maxUsers readings', async () => {
    let fail = true;
    let reads = 0;
    const users = createTokenUsers(
      async () => {
        reads++;
        if (fail) throw new Error('database down');
        return member;
      },
      { now: () => 0, maxUsers: 2 },
    );
    await expect(users.lookup(7, 3, issued)).rejects.toThrow('database down');
    fail = false;
    expect(await users.lookup(7, 3, issued)).not.toBeNull();
    await users.lookup(8, 3, issued);
    await users.lookup(9, 3, issued); // 7, the oldest, goes
    await users.lookup(9, 3, issued);
    await users.lookup(7, 3, issued);
    expect(reads).toBe(5);
  });
});

describeEachDatabase('token users across instances', (ctx) => {
  it('a demotion refuses admin calls on the instance that made it at once, and on another within the TTL', async () => {
    const owner = await signUpVerified(ctx.app, { email: 'ann@example.com' });
    const check = await ctx.app.inject({ method: 'GET', url: '/users/authcheck/', headers: owner.headers });
    const organisationId = check.json().user.organisation_id as number;
    const ben = await teammate(ctx.app, ctx.db, organisationId, 'ben@example.com', 'admin');
    const other = await ctx.buildApp();
    // An admin-only read: 403 for a member.
    const auditLog = async (app: typeof ctx.app) =>
      (await app.inject({ method: 'POST', url: '/org/getAuditLog/', headers: ben.headers, payload: {} }))
        .statusCode;
    // Both instances have read Ben as an admin.
    expect(await auditLog(ctx.app)).toBe(200);
    expect(await auditLog(other)).toBe(200);

    const demoted = await ctx.app.inject({
      method: 'POST',
      url: '/org/changeMemberRole/',
      headers: owner.headers,
      payload: { user_id: ben.id, role: 'member' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await auditLog(ctx.app)).toBe(403);
    // The other instance keeps its reading until the TTL has passed (the apps share the test's clock).
    ctx.clock.advance(TOKEN_STATE_TTL_MS - 1);
    expect(await auditLog(other)).toBe(200);
    ctx.clock.advance(1);
    expect(await auditLog(other)).toBe(403);
  });
});
