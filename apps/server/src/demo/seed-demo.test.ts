import type { GroupsResponse } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { bearer } from '../../test/helpers/auth';
import { describeEachDatabase } from '../../test/helpers/describe-each-database';
import { testConfig } from '../../test/helpers/test-config';
import { eventually } from '../../test/helpers/whatsapp';
import { DEMO_EMAIL, seedDemo } from './seed-demo';

describeEachDatabase('demo seed', (ctx) => {
  it('creates a demo account with a linked simulated session, and reuses both on the next start', async () => {
    const config = testConfig({ dataDir: ctx.dataDir });
    const app = await ctx.buildApp(config);
    const demo = await seedDemo(app, config);
    expect(demo).toMatchObject({
      email: DEMO_EMAIL,
      password: expect.stringMatching(/^Demo!/),
      sessionId: expect.any(String),
    });

    const login = await app.inject({
      method: 'POST',
      url: '/users/login/',
      payload: { username: demo.email, password: demo.password },
    });
    expect(login.statusCode).toBe(200);
    const headers = bearer(login.json().access_token);
    await eventually(async () => {
      const groups = await app.inject({ method: 'POST', url: '/api/getGroups/', headers });
      return groups.json<GroupsResponse>().groups_count === 4;
    }, 5_000);

    const again = await seedDemo(app, config);
    expect(again).toEqual(demo);
  });
});
