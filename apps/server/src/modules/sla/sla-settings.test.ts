import { type BusinessHours, type SettingsResponse, slaMessages } from '@wadesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { expectRefusal, storedState } from '../../../test/helpers/bad-input';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { teammate } from '../../../test/helpers/team';
import { post } from '../../../test/helpers/whatsapp';
import { auditLog, labels, slaPolicies, users } from '../../db/schema';
import { createSlaPoliciesRepository } from './sla-policies.repository';

// Business hours and SLA policies in /org/updateSettings/ (docs/decisions/0027-business-time.md). On both
// databases: the policy list is replaced under the organisation's lock.

const BERLIN: BusinessHours = {
  time_zone: 'Europe/Berlin',
  week: {
    mon: [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ],
    sat: [{ from: '20:00', to: '24:00' }],
  },
  holidays: ['2026-12-24'],
  holiday_region: 'DE-BY',
};

const policy = (extra: object = {}) => ({
  name: 'Standard',
  label_ids: [],
  first_response_minutes: 60,
  next_response_minutes: 120,
  resolution_minutes: 1440,
  calendar: 'business',
  pause_while_pending: true,
  ...extra,
});

const toStore = (wire: ReturnType<typeof policy>) => ({
  name: wire.name,
  labelIds: wire.label_ids,
  firstResponseMinutes: wire.first_response_minutes,
  nextResponseMinutes: wire.next_response_minutes,
  resolutionMinutes: wire.resolution_minutes,
  calendar: wire.calendar as 'business' | 'wall',
  pauseWhilePending: wire.pause_while_pending,
});

describeEachDatabase('business hours and SLA policies', (ctx) => {
  const update = (user: Awaited<ReturnType<typeof deskFixture>>['user'], body: object) =>
    post<SettingsResponse & { message: string }>(ctx.app, user, '/org/updateSettings/', body);

  it('stores the calendar and an ordered policy list, changes and removes policies by id, and audits it', async () => {
    const { user, organisationId } = await deskFixture(ctx);
    const [vip] = await ctx.db
      .insert(labels)
      .values({ organisationId, name: 'VIP', colour: '#aa0000' })
      .returning();
    const vipId = vip?.id ?? 0;

    const saved = await update(user, {
      business_hours: BERLIN,
      sla_policies: [
        policy({ name: 'VIP', label_ids: [vipId, vipId], first_response_minutes: 15 }),
        policy({ resolution_minutes: null, next_response_minutes: undefined, calendar: 'wall' }),
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.business_hours).toEqual(BERLIN);
    const [first, second] = saved.body.sla_policies;
    expect(saved.body.sla_policies.map((p) => [p.name, p.label_ids, p.first_response_minutes])).toEqual([
      ['VIP', [vipId], 15],
      ['Standard', [], 60],
    ]);
    expect(second).toMatchObject({ next_response_minutes: null, resolution_minutes: null, calendar: 'wall' });
    expect((await post<SettingsResponse>(ctx.app, user, '/org/getSettings/')).body).toEqual(saved.body);

    // Reordered and renamed by id; the default one removed; a new one added.
    const next = await update(user, {
      sla_policies: [policy({ name: 'Gold', label_ids: [vipId] }), { ...first, name: 'VIP old' }],
    });
    expect(next.body.sla_policies.map((p) => p.name)).toEqual(['Gold', 'VIP old']);
    expect(next.body.sla_policies[1]?.id).toBe(first?.id);
    expect(await ctx.count(slaPolicies)).toBe(2);

    const entries = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'settings.changed')))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => Object.keys(entry.details as object).sort())).toEqual([
      ['business_hours', 'sla_policies'],
      ['sla_policies'],
    ]);
    // Saving the same again records nothing.
    const audited = await ctx.count(auditLog);
    await update(user, { sla_policies: next.body.sla_policies, business_hours: BERLIN });
    expect(await ctx.count(auditLog)).toBe(audited);
  });

  it('refuses a bad calendar, two default policies, a foreign label or policy, changing nothing', async () => {
    const { user } = await deskFixture(ctx);
    const saved = await update(user, { sla_policies: [policy()] });
    const own = saved.body.sla_policies[0]?.id ?? 0;
    // Another organisation's label and policy.
    const other = await signUpVerified(ctx.app, { email: 'zoe@example.com' });
    const theirs = await update(other, { sla_policies: [policy({ name: 'Theirs' })] });
    const [zoe] = await ctx.db.select().from(users).where(eq(users.email, 'zoe@example.com'));
    const [label] = await ctx.db
      .insert(labels)
      .values({ organisationId: zoe?.organisationId ?? 0, name: 'Foreign', colour: '#00aa00' })
      .returning();
    const before = await storedState(ctx);
    const cases: [object, string][] = [
      [{ business_hours: { ...BERLIN, time_zone: 'Mars/Olympus' } }, slaMessages.timeZoneInvalid],
      [
        { business_hours: { ...BERLIN, week: { mon: [{ from: '17:00', to: '09:00' }] } } },
        slaMessages.windowInvalid,
      ],
      [
        { business_hours: { ...BERLIN, week: { mon: [{ from: '9:00', to: '17:00' }] } } },
        slaMessages.windowInvalid,
      ],
      [{ business_hours: { ...BERLIN, holidays: ['2026-02-30'] } }, slaMessages.holidayInvalid],
      [{ business_hours: { ...BERLIN, holiday_region: 'XX-ZZ' } }, slaMessages.holidayRegionInvalid],
      [{ sla_policies: [policy(), policy({ name: 'Second' })] }, slaMessages.oneDefaultPolicy],
      [{ sla_policies: [policy({ first_response_minutes: 0 })] }, slaMessages.targetInvalid],
      [{ sla_policies: [policy({ name: ' ' })] }, slaMessages.policyNameInvalid],
      [{ sla_policies: [policy({ label_ids: [label?.id ?? 0] })] }, slaMessages.labelNotFound],
      [{ sla_policies: [policy({ label_ids: [2 ** 31] })] }, ''],
      [{ sla_policies: [policy({ id: 2 ** 31 })] }, ''],
      [{ sla_policies: [policy({ id: theirs.body.sla_policies[0]?.id })] }, slaMessages.policyNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/org/updateSettings/',
        headers: user.headers,
        payload: body,
      });
      expectRefusal(res, JSON.stringify(body).slice(0, 80), 400);
      expect(res.json().message).toContain(message);
    }
    expect(await storedState(ctx)).toEqual(before);
    expect((await post<SettingsResponse>(ctx.app, user, '/org/getSettings/')).body.sla_policies[0]?.id).toBe(
      own,
    );
  });

  it('a deleted label drops out of the policies that named it, and never blocks the next save', async () => {
    const { user, organisationId } = await deskFixture(ctx);
    const [vip, gold] = await ctx.db
      .insert(labels)
      .values([
        { organisationId, name: 'VIP', colour: '#aa0000' },
        { organisationId, name: 'Gold', colour: '#aaaa00' },
      ])
      .returning();
    await update(user, {
      sla_policies: [policy({ label_ids: [vip?.id, gold?.id] }), policy({ name: 'Rest' })],
    });
    const removed = await post(ctx.app, user, '/org/deleteLabel/', { label_id: vip?.id });
    expect(removed.status).toBe(200);
    const read = (await post<SettingsResponse>(ctx.app, user, '/org/getSettings/')).body.sla_policies;
    expect(read.map((p) => p.label_ids)).toEqual([[gold?.id], []]);
    expect((await update(user, { sla_policies: read })).status).toBe(200);
  });

  it('keeps all of a save or none: a write failing after the policies undoes them', async () => {
    const { user, organisationId } = await deskFixture(ctx);
    await update(user, { sla_policies: [policy({ name: 'Kept' })] });
    const policies = createSlaPoliciesRepository(ctx.db);
    const failing = policies.replace(organisationId, [{ ...toStore(policy({ name: 'Lost' })) }], async () => {
      throw new Error('the organisation could not be written');
    });
    await expect(failing).rejects.toThrow('the organisation could not be written');
    expect((await policies.list(organisationId)).map((p) => p.name)).toEqual(['Kept']);
  });

  it('members read the calendar and policies but cannot change them', async () => {
    const { user, organisationId } = await deskFixture(ctx);
    await update(user, { business_hours: BERLIN, sla_policies: [policy()] });
    const member = await teammate(ctx.app, ctx.db, organisationId, 'mia@example.com');
    const read = await post<SettingsResponse>(ctx.app, member, '/org/getSettings/');
    expect(read.body.business_hours).toEqual(BERLIN);
    expect(read.body.sla_policies).toHaveLength(1);
    const before = await storedState(ctx);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/org/updateSettings/',
      headers: member.headers,
      payload: { sla_policies: [] },
    });
    expectRefusal(refused, 'a member changing the policies', 403);
    expect(await storedState(ctx)).toEqual(before);
  });
});
