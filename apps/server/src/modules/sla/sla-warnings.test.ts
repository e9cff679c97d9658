import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { officeHours } from '../../../test/helpers/business-hours';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { startTestSmtp } from '../../../test/helpers/smtp';
import { teammate } from '../../../test/helpers/team';
import { internalsOf } from '../../app-internals';
import { memberNotifications } from '../../db/schema';

// SLA warnings (decision 0028): "due soon" and "breached", each told once per clock however many instances
// sweep, none lost to a restart (claimed in the database with the bell's rows and the mails they store),
// mails sent only inside business hours. Mail is read from a real SMTP server on loopback.

const GROUP = 'sla-warn@g.us';
const OFFICE = officeHours();
/** Friday 2026-11-27 (UTC) unless another day is named. */
const at = (time: string, day = '2026-11-27') => new Date(`${day}T${time}:00Z`);

describeEachDatabase('SLA warnings', (ctx) => {
  it('tells due soon and breached once across two instances and a restart; mail waits for business hours', async () => {
    const smtp = await startTestSmtp();
    try {
      // Only instances that mail through the test server sweep here.
      await ctx.app.close();
      const first = await ctx.buildApp({ smtpUrl: smtp.url });
      const second = await ctx.buildApp({ smtpUrl: smtp.url });
      const desk = await deskFixture(ctx, first);
      const member = await teammate(first, ctx.db, desk.organisationId, 'mo@example.com');
      await org(first, desk.user, 'updateSettings', {
        business_hours: OFFICE,
        // Wall time: the clock runs through the evening, when no mail may go out.
        sla_policies: [
          {
            name: 'Chat',
            label_ids: [],
            first_response_minutes: 30,
            calendar: 'wall',
            pause_while_pending: false,
          },
        ],
      });
      await desk.groupMode(GROUP, 'watch');
      // Only the warnings' mails from here on (signing up mailed its verification links).
      await internalsOf(first).mailsSent();
      smtp.clear();
      ctx.clock.set(at('16:51'));
      await desk.say({
        groupId: GROUP,
        from: '4917000000003',
        name: 'Lena',
        body: 'where is my parcel?',
        timestamp: at('16:50').getTime() / 1000,
      });
      const sweepAll = (apps: FastifyInstance[]) =>
        Promise.all(apps.map((app) => internalsOf(app).slaEngine.settled()));
      const told = async (kind: 'sla_due_soon' | 'sla_breached') =>
        (
          await ctx.db
            .select()
            .from(memberNotifications)
            .where(
              and(
                eq(memberNotifications.organisationId, desk.organisationId),
                eq(memberNotifications.kind, kind),
              ),
            )
        ).map((n) => [n.userId, n.title]);

      await sweepAll([first, second]);
      expect(await told('sla_due_soon')).toEqual([]);

      // 17:06: within the 15-minute lead of 17:20. Both instances sweep at once; the unassigned ticket's
      // warning goes to the owner (an admin), not to the member.
      ctx.clock.set(at('17:06'));
      await sweepAll([first, second, first, second]);
      const [ticketTitle] = (await told('sla_due_soon')).map(([, title]) => title);
      expect(await told('sla_due_soon')).toEqual([[expect.any(Number), ticketTitle]]);
      expect(ticketTitle).toMatch(/^First response due soon on ticket #\d+$/);
      expect((await told('sla_due_soon'))[0]?.[0]).not.toBe(member.id);

      ctx.clock.set(at('17:21'));
      await sweepAll([first, second]);
      await sweepAll([second, first]);
      expect((await told('sla_breached')).map(([, title]) => title)).toEqual([
        expect.stringMatching(/^First response breached on ticket #\d+$/),
      ]);
      // Friday evening and Saturday midnight: outside business hours, no mail.
      ctx.clock.set(at('00:00', '2026-11-28'));
      await sweepAll([first, second]);
      expect(smtp.mails).toHaveLength(0);

      // One instance restarts; Monday 09:00 the mails go out, each once.
      await first.close();
      const restarted = await ctx.buildApp({ smtpUrl: smtp.url });
      ctx.clock.set(at('09:00', '2026-11-30'));
      await sweepAll([restarted, second, restarted]);
      expect(smtp.mails.map((m) => m.to)).toEqual([['ann@example.com'], ['ann@example.com']]);
      // Two instances send at once: in either order.
      const subjects = smtp.mails.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '').sort();
      expect(subjects).toEqual([
        expect.stringMatching(/^\[wadesk\] First response breached on ticket #\d+$/),
        expect.stringMatching(/^\[wadesk\] First response due soon on ticket #\d+$/),
      ]);
      const breached = smtp.mails.find((m) => /breached on ticket/.test(m.raw));
      expect(breached?.text).toContain('was due Fri 27 Nov, 17:20 (UTC)');
      await sweepAll([restarted, second]);
      expect(smtp.mails).toHaveLength(2);
      expect(await told('sla_due_soon')).toHaveLength(1);
      expect(await told('sla_breached')).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
