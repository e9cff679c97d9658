import { AUDIT_PAGE_DEFAULT, type AuditLogResponse, auditMessages, type TokenPair } from '@wadesk/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { bearer, type SignedIn, signUp } from '../../../test/helpers/auth';
import { documentedRoutes } from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { post } from '../../../test/helpers/whatsapp';
import { auditLog, users } from '../../db/schema';
import { createAuditRepository } from './audit.repository';

// Reading the audit log (docs/decisions/0019): filters, newest-first pages, the CSV export, and entries that
// nothing can change.

describeWithDatabase('reading the audit log', (ctx) => {
  let owner: SignedIn;
  let organisationId: number;
  let ownerId: number;

  beforeEach(async () => {
    owner = await signUp(ctx.app);
    const [row] = await ctx.db.select().from(users);
    if (!row) throw new Error('no owner');
    organisationId = row.organisationId;
    ownerId = row.id;
    // Start from an empty log: the sign-up's own entry is not what these tests look at.
    await emptyLog();
  });

  // The log refuses delete and truncate (append-only); the tests' reset empties it with triggers off, so does this.
  const emptyLog = () =>
    ctx.db.execute(
      sql.raw('do $$ begin set local session_replication_role = replica; delete from audit_log; end $$'),
    );
  const repo = () => createAuditRepository(ctx.db);
  const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 4, day, hour));
  const page = async (body: object = {}) => {
    const res = await post<AuditLogResponse>(ctx.app, owner, '/org/getAuditLog/', body);
    expect(res.status, res.raw.body).toBe(200);
    return res.body;
  };
  const csv = (query = '') =>
    ctx.app.inject({ method: 'GET', url: `/org/auditLog.csv${query}`, headers: owner.headers });

  it('pages newest first with has_more, and filters by action, member and dates', async () => {
    for (let day = 1; day <= 5; day += 1)
      await repo().append({
        organisationId,
        actorId: day % 2 ? ownerId : null,
        action: day % 2 ? 'agent.added' : 'session.created',
        target: `day ${day}`,
        at: at(day),
      });
    const first = await page({ limit: 2 });
    expect(first.entries.map((e) => e.target)).toEqual(['day 5', 'day 4']);
    expect(first.has_more).toBe(true);
    const second = await page({ limit: 2, before_id: first.entries[1]?.id });
    expect(second.entries.map((e) => e.target)).toEqual(['day 3', 'day 2']);
    const last = await page({ limit: 2, before_id: second.entries[1]?.id });
    expect(last).toMatchObject({ entries: [{ target: 'day 1' }], has_more: false });

    expect((await page({ action: 'agent.added' })).entries.map((e) => e.target)).toEqual([
      'day 5',
      'day 3',
      'day 1',
    ]);
    expect((await page({ actor_id: ownerId })).entries).toHaveLength(3);
    // A date-only `to` includes that whole day; `from` is inclusive.
    expect((await page({ from: '2026-05-02', to: '2026-05-04' })).entries.map((e) => e.target)).toEqual([
      'day 4',
      'day 3',
      'day 2',
    ]);
    expect(
      (await page({ from: '2026-05-02T12:00:00Z', to: '2026-05-03T12:00:00+00:00' })).entries.map(
        (e) => e.target,
      ),
    ).toEqual(['day 2']);
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      at: at(5).toISOString(),
      actor_id: ownerId,
      actor_name: 'Ann Lee <ann@example.com>',
      action: 'agent.added',
      target: 'day 5',
      details: {},
    });
  });

  it('answers at most the default page and never another organisation’s entries or cursor', async () => {
    const other = await signUp(ctx.app, { email: 'olga@example.com' });
    const [olga] = await ctx.db.select().from(users).where(eq(users.email, 'olga@example.com'));
    await emptyLog();
    for (let i = 0; i < AUDIT_PAGE_DEFAULT + 1; i += 1)
      await repo().append({ organisationId, actorId: ownerId, action: 'agent.added', target: `a${i}` });
    await repo().append({
      organisationId: olga?.organisationId ?? 0,
      actorId: olga?.id ?? 0,
      action: 'agent.added',
    });
    const mine = await page();
    expect(mine.entries).toHaveLength(AUDIT_PAGE_DEFAULT);
    expect(mine.has_more).toBe(true);
    const theirs = (await post<AuditLogResponse>(ctx.app, other, '/org/getAuditLog/', {})).body;
    expect(theirs.entries).toHaveLength(1);
    // Ann's entry id as Olga's cursor finds nothing of Ann's.
    const cursor = await post<AuditLogResponse>(ctx.app, other, '/org/getAuditLog/', {
      before_id: mine.entries[0]?.id,
    });
    expect(cursor.body).toEqual({ entries: [], has_more: false });
    const olgaCsv = await ctx.app.inject({ method: 'GET', url: '/org/auditLog.csv', headers: other.headers });
    expect(olgaCsv.body).not.toContain('a0');
  });

  it('refuses bad filters with 400 and words', async () => {
    for (const body of [
      { action: 'ticket.deleted' },
      { limit: 201 },
      { limit: 0 },
      { actor_id: -1 },
      { before_id: 'x' },
      { from: 'yesterday' },
      { to: '2026-13-01' },
      { from: '2026-05-01T10:00:00' },
    ]) {
      const res = await post(ctx.app, owner, '/org/getAuditLog/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    const inverted = await post(ctx.app, owner, '/org/getAuditLog/', {
      from: '2026-05-03',
      to: '2026-05-01',
    });
    expect(inverted).toMatchObject({ status: 400, body: { message: auditMessages.rangeInvalid } });
    expect((await csv('?from=nope')).statusCode).toBe(400);
    expect((await csv('?action=nope')).statusCode).toBe(400);
  });

  it('exports CSV with the filters: attachment, RFC 4180 quoting, formulas defused', async () => {
    await repo().append({
      organisationId,
      actorId: ownerId,
      action: 'agent.added',
      target: '=HYPERLINK("http://evil","x")',
      details: { agent_id: 3 },
      at: at(2),
    });
    await repo().append({
      organisationId,
      actorId: null,
      action: 'session.created',
      target: 'Sales, EU',
      at: at(3),
    });
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toBe(
      'When (UTC),Who,What,Action,Target,Details\r\n' +
        `${at(3).toISOString()},WhatsApp / system,Created a session,session.created,"Sales, EU",\r\n` +
        `${at(2).toISOString()},Ann Lee <ann@example.com>,Added an agent,agent.added,"'=HYPERLINK(""http://evil"",""x"")","{""agent_id"":3}"\r\n`,
    );
    const filtered = await csv('?action=session.created&from=2026-05-03&to=2026-05-03');
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    expect((await csv(`?actor_id=${ownerId}`)).body).not.toContain('Sales, EU');
  });

  it('exports more than one page of entries in order', async () => {
    // Past the export's 1,000-entry page: inserted in one statement to keep the test quick.
    await ctx.db.execute(sql`
      insert into audit_log (organisation_id, at, actor_id, action, target)
      select ${organisationId}, now() - (n || ' seconds')::interval, ${ownerId}, 'agent.added', 'n' || n
      from generate_series(1, 2500) n`);
    const lines = (await csv()).body.trim().split('\r\n');
    expect(lines).toHaveLength(2501);
    expect(lines[1]).toContain(',n1,');
    expect(lines[2500]).toContain(',n2500,');
  });

  it('has no route that edits an entry, and the database refuses to change one', async () => {
    expect(await documentedRoutes(ctx.app, ['audit'])).toEqual([
      'GET /org/auditLog.csv',
      'POST /org/getAuditLog/',
    ]);
    await repo().append({ organisationId, actorId: ownerId, action: 'agent.added', target: 'kept' });
    await expect(ctx.db.update(auditLog).set({ target: 'changed' })).rejects.toThrow();
    await expect(ctx.db.execute(sql`update audit_log set actor_id = null`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    // TRUNCATE too, alone or reached by a cascade (migration 0015).
    const refused = { cause: { message: 'audit log entries cannot be changed' } };
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
    await expect(ctx.db.execute(sql`truncate organisations cascade`)).rejects.toMatchObject(refused);
    expect((await page()).entries.map((e) => [e.target, e.actor_id])).toEqual([['kept', ownerId]]);
    // Only deleting the organisation takes its entries with it.
    const other = await signUp(ctx.app, { email: 'gone@example.com' });
    const count = async () => (await ctx.db.select({ id: auditLog.id }).from(auditLog)).length;
    const before = await count();
    const [gone] = await ctx.db
      .select({ organisationId: users.organisationId })
      .from(users)
      .where(eq(users.email, 'gone@example.com'));
    expect(other.access_token).toBeTruthy();
    await ctx.db.execute(sql`delete from organisations where id = ${gone?.organisationId}`);
    expect(await count()).toBeLessThan(before);
    expect((await page()).entries.map((e) => e.target)).toEqual(['kept']);
  });

  it('is for owners and admins only', async () => {
    await signUp(ctx.app, { email: 'mo@example.com' });
    await ctx.db
      .update(users)
      .set({ role: 'member', organisationId })
      .where(eq(users.email, 'mo@example.com'));
    // Signed in again: the token names the organisation it was issued for.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: 'mo@example.com', password: 'Secret!A' },
    });
    const member = { headers: bearer(login.json<TokenPair>().access_token) } as SignedIn;
    expect((await post(ctx.app, member, '/org/getAuditLog/')).status).toBe(403);
    const res = await ctx.app.inject({ method: 'GET', url: '/org/auditLog.csv', headers: member.headers });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/org/auditLog.csv' })).statusCode).toBe(401);
  });
});
