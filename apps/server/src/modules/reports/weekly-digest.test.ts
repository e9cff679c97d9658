import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { officeHours } from '../../../test/helpers/business-hours';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { headerOf, startTestSmtp } from '../../../test/helpers/smtp';
import { teammate } from '../../../test/helpers/team';
import { internalsOf } from '../../app-internals';
import { users } from '../../db/schema';
import { spanText } from './digest-text';
import { localWeek } from './weekly-digest';

// The weekly digest (decision 0029): Monday from 08:00 in the organisation's zone, to its owners and admins
// who did not turn it off, once however many instances look. Mail is read from a real SMTP server on loopback.

const GROUP = 'digest@g.us';
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('localWeek', () => {
  it('finds the Monday of the week in the zone and whether 08:00 has come', () => {
    // Monday 07:30 in Berlin is 06:30 UTC: not yet; 08:00 there is 07:00 UTC.
    expect(localWeek(new Date('2026-11-30T06:30:00Z'), 'Europe/Berlin')).toEqual({
      weekStart: '2026-11-30',
      due: false,
    });
    expect(localWeek(new Date('2026-11-30T07:00:00Z'), 'Europe/Berlin').due).toBe(true);
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo.
    expect(localWeek(new Date('2026-11-29T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      weekStart: '2026-11-30',
      due: true,
    });
    // A Wednesday belongs to the week that began on Monday; the digest is due (late) then too.
    expect(localWeek(new Date('2026-12-02T12:00:00Z'), 'UTC')).toEqual({
      weekStart: '2026-11-30',
      due: true,
    });
  });

  it('writes spans as people read them', () => {
    expect([
      spanText(null),
      spanText(42),
      spanText(720),
      spanText(3 * 3600 + 300),
      spanText(50 * 3600),
    ]).toEqual(['—', '42 s', '12 min', '3 h 5 min', '2 d 2 h']);
  });
});

describeEachDatabase('Weekly digest', (ctx) => {
  it('mails last week against the week before to owners and admins once across two instances', async () => {
    const smtp = await startTestSmtp();
    try {
      await ctx.app.close();
      const first = await ctx.buildApp({ smtpUrl: smtp.url });
      const second = await ctx.buildApp({ smtpUrl: smtp.url });
      const desk = await deskFixture(ctx, first);
      await org(first, desk.user, 'updateSettings', { business_hours: officeHours() });
      await teammate(first, ctx.db, desk.organisationId, 'adi@example.com', 'admin', 'Adina');
      await teammate(first, ctx.db, desk.organisationId, 'mo@example.com', 'member', 'Moritz');
      const quiet = await teammate(first, ctx.db, desk.organisationId, 'quiet@example.com', 'admin', 'Quinn');
      expect(
        (
          await first.inject({
            method: 'POST',
            url: '/users/updateProfile/',
            headers: quiet.headers,
            payload: { weekly_digest: false },
          })
        ).json().user.weekly_digest,
      ).toBe(false);
      await desk.groupMode(GROUP, 'watch');
      // Last week (23–29 Nov): a ticket answered in 20 business minutes; the week before: none.
      ctx.clock.set(new Date('2026-11-24T10:01:00Z'));
      await desk.say({
        groupId: GROUP,
        from: '4917000000009',
        name: 'Nia',
        body: 'hello?',
        timestamp: seconds('2026-11-24T10:00:00Z'),
      });
      await desk.say({
        groupId: GROUP,
        fromMe: true,
        body: 'hi Nia',
        timestamp: seconds('2026-11-24T10:20:00Z'),
      });
      await internalsOf(first).slaEngine.settled();
      await internalsOf(first).mailsSent();
      smtp.clear();

      // Monday 30 Nov, 07:59 UTC: not yet.
      ctx.clock.set(new Date('2026-11-30T07:59:00Z'));
      expect(await internalsOf(first).weeklyDigest.tick()).toBe(0);
      // 08:00 on an instance whose mail server does not answer: nothing went out, so the week is not spent.
      ctx.clock.set(new Date('2026-11-30T08:00:00Z'));
      const unmailed = await ctx.buildApp({ smtpUrl: 'smtp://127.0.0.1:9' });
      expect(await internalsOf(unmailed).weeklyDigest.tick()).toBe(0);
      await unmailed.close();
      // Both working instances look at once; one sends, to the owner and the admin only.
      const sent = await Promise.all([first, second].map((app) => internalsOf(app).weeklyDigest.tick()));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(2);
      expect(await internalsOf(second).weeklyDigest.tick()).toBe(0);
      await Promise.all([first, second].map((app) => internalsOf(app).mailsSent()));
      expect(smtp.mails.flatMap((mail) => mail.to).sort()).toEqual(['adi@example.com', 'ann@example.com']);
      const mail = smtp.mails.find((m) => m.to.includes('adi@example.com'));
      expect(mail && headerOf(mail, 'subject')).toMatch(
        /last week: 1 ticket, first response 20 min \(median\)$/,
      );
      const text = mail?.text ?? '';
      expect(text).toContain('Hello Adina,');
      expect(text).toContain('23–29 Nov 2026');
      expect(text).toMatch(/Tickets opened\s+1\s+\(week before: 0\)/);
      expect(text).toMatch(/First response, median\s+20 min\s+\(week before: —\)/);
      // The Reports page opens on exactly that week (its custom range names the last day).
      expect(text).toContain('/reports?period=custom&from=2026-11-23&to=2026-11-29');
      expect(text).toContain('/profile');
      // Lines short enough for a plain-text client.
      expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);

      // Later that week a restarted instance does not send it again; the profile keeps Quinn's choice.
      ctx.clock.set(new Date('2026-12-02T15:00:00Z'));
      const restarted = await ctx.buildApp({ smtpUrl: smtp.url });
      expect(await internalsOf(restarted).weeklyDigest.tick()).toBe(0);
      const [stored] = await ctx.db.select().from(users).where(eq(users.id, quiet.id));
      expect(stored?.weeklyDigest).toBe(false);
    } finally {
      await smtp.close();
    }
  });
});
