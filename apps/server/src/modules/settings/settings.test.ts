import {
  DEFAULT_ACK_PHRASES,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_OUT_OF_HOURS_MESSAGE,
  DEFAULT_SLA_WARNING_MINUTES,
  normaliseAckPhrase,
  settingsMessages,
} from '@wadesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  documentedRoutes,
  expectRefusal,
  type Route,
  routeNames,
  storedState,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { post } from '../../../test/helpers/whatsapp';
import { auditLog, organisations, tickets } from '../../db/schema';

const DEFAULT = [...new Set(DEFAULT_ACK_PHRASES.map(normaliseAckPhrase))];

const ROUTES: Route[] = [
  { method: 'POST', url: '/org/getSettings/' },
  {
    method: 'POST',
    url: '/org/updateSettings/',
    body: {
      ack_phrases: ['ok'],
      unanswered_minutes: 45,
      auto_pending: true,
      reopen_days: 3,
      business_hours: DEFAULT_BUSINESS_HOURS,
      sla_warning_minutes: 10,
      out_of_hours_reply: true,
      out_of_hours_message: 'Back {back}.',
      sla_policies: [
        {
          name: 'Standard',
          label_ids: [],
          first_response_minutes: 60,
          next_response_minutes: 120,
          resolution_minutes: 480,
          calendar: 'business',
          pause_while_pending: false,
        },
      ],
    },
    optional: [
      'ack_phrases',
      'unanswered_minutes',
      'auto_pending',
      'reopen_days',
      'business_hours',
      'sla_policies',
      'sla_warning_minutes',
      'out_of_hours_reply',
      'out_of_hours_message',
    ],
    zero: ['reopen_days'],
  },
  { method: 'POST', url: '/org/updateOrganisation/', body: { name: 'Acme Support' } },
];

describeWithDatabase('organisation settings', (ctx) => {
  it('answers the defaults, saves phrases as the engine compares them, and records the change', async () => {
    const { user, organisationId } = await deskFixture(ctx);
    expect((await post(ctx.app, user, '/org/getSettings/')).body).toEqual({
      ack_phrases: DEFAULT,
      unanswered_minutes: 30,
      auto_pending: false,
      reopen_days: 7,
      business_hours: DEFAULT_BUSINESS_HOURS,
      sla_policies: [],
      sla_warning_minutes: DEFAULT_SLA_WARNING_MINUTES,
      out_of_hours_reply: false,
      out_of_hours_message: DEFAULT_OUT_OF_HOURS_MESSAGE,
      satisfaction_poll: false,
    });
    expect(DEFAULT).toContain('thanks');
    const saved = await post(ctx.app, user, '/org/updateSettings/', {
      ack_phrases: ['  Danke! ', 'danke', 'Merci beaucoup'],
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { ack_phrases: ['danke', 'merci beaucoup'], unanswered_minutes: 30 },
    });
    expect((await post(ctx.app, user, '/org/updateSettings/', { unanswered_minutes: 90 })).body).toEqual({
      ack_phrases: ['danke', 'merci beaucoup'],
      unanswered_minutes: 90,
      auto_pending: false,
      reopen_days: 7,
      business_hours: DEFAULT_BUSINESS_HOURS,
      sla_policies: [],
      sla_warning_minutes: DEFAULT_SLA_WARNING_MINUTES,
      out_of_hours_reply: false,
      out_of_hours_message: DEFAULT_OUT_OF_HOURS_MESSAGE,
      satisfaction_poll: false,
    });
    // The ticket lifecycle's settings (decision 0020).
    expect(
      (await post(ctx.app, user, '/org/updateSettings/', { auto_pending: true, reopen_days: 0 })).body,
    ).toMatchObject({ auto_pending: true, reopen_days: 0 });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'settings.changed')))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['settings.changed', { ack_phrases: { from: DEFAULT, to: ['danke', 'merci beaucoup'] } }],
      ['settings.changed', { unanswered_minutes: { from: 30, to: 90 } }],
      ['settings.changed', { auto_pending: { from: false, to: true }, reopen_days: { from: 7, to: 0 } }],
    ]);

    // Back to the default list: stored as null, so the organisation follows the default from now on.
    await post(ctx.app, user, '/org/updateSettings/', { ack_phrases: [...DEFAULT_ACK_PHRASES] });
    const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, organisationId));
    expect(row?.ackPhrases).toBeNull();
    // Saving what is already there records nothing.
    await post(ctx.app, user, '/org/updateSettings/', { unanswered_minutes: 90 });
    expect(await ctx.db.$count(auditLog, eq(auditLog.action, 'settings.changed'))).toBe(4);
  });

  it('the next message the engine claims follows a change of the phrases', async () => {
    const { user, say } = await deskFixture(ctx);
    await post(ctx.app, user, '/org/updateSettings/', { ack_phrases: ['danke'] });
    await say({ body: 'Danke!', groupId: 'a@g.us' });
    expect(await ctx.count(tickets)).toBe(0);
    await say({ body: 'ok', groupId: 'a@g.us' });
    expect(await ctx.count(tickets)).toBe(1);
  });

  it('refuses out-of-range values with a message, changing nothing', async () => {
    const { user } = await deskFixture(ctx);
    const before = await storedState(ctx);
    for (const body of [
      { unanswered_minutes: 0 },
      { unanswered_minutes: 10081 },
      { reopen_days: -1 },
      { reopen_days: 91 },
      { reopen_days: 1.5 },
      { auto_pending: 'yes' },
      { ack_phrases: ['x'.repeat(41)] },
      { ack_phrases: ['  '] },
      { ack_phrases: Array.from({ length: 101 }, (_, i) => `p${i}`) },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/org/updateSettings/',
        headers: user.headers,
        payload: body,
      });
      expectRefusal(res, JSON.stringify(body).slice(0, 60), 400);
      const message: string = res.json().message;
      expect(
        Object.values(settingsMessages).some((m) => message.endsWith(m)),
        message,
      ).toBe(true);
    }
    expect(await storedState(ctx)).toEqual(before);
  });

  it('walks every route the area documents, refusing bad bodies and tokens', async () => {
    expect(routeNames(ROUTES)).toEqual(await documentedRoutes(ctx.app, ['settings']));
    const { user } = await deskFixture(ctx);
    expect(await walkBadBodies(ctx, ctx.app, user, ROUTES)).toBeGreaterThan(20);
    await walkBadTokens(ctx, ctx.app, ROUTES);
  });
});
