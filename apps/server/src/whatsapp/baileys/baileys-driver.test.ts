import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, post, sessionStatus } from '../../../test/helpers/whatsapp';

/** A loopback port that nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The real Baileys socket (the production driver) against loopback only: never the WhatsApp network.
describeWithDatabase('baileys driver', (ctx) => {
  it('reports a session as unreachable, with the reason, when WhatsApp cannot be reached', async () => {
    const port = await closedPort();
    const server = await ctx.buildApp(
      { whatsappDriver: 'baileys' },
      {
        whatsapp: {
          baileys: { waWebSocketUrl: `ws://127.0.0.1:${port}/ws/chat`, connectTimeoutMs: 2_000 },
          timing: { backoffBaseMs: 20, backoffMaxMs: 50, unreachableAfter: 2 },
          qrWaitMs: 3_000,
        },
      },
    );
    const owner = await signUpVerified(server);
    const started = Date.now();
    const { sessionID } = (
      await post<{ sessionID: string }>(server, owner, '/api/startSession/', {
        session_name: 'real',
        description: 'loopback',
      })
    ).body;
    const status = await eventually(async () => {
      const s = await sessionStatus(server, owner, sessionID);
      return s.status === 'unreachable' ? s : null;
    }, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(status).toEqual({
      success: false,
      status: 'unreachable',
      reason: `Cannot reach WhatsApp: connect ECONNREFUSED 127.0.0.1:${port}`,
      message: `Cannot reach WhatsApp: connect ECONNREFUSED 127.0.0.1:${port}`,
      driver: 'baileys',
      phone: null,
      resumes_at: null,
    });
    // No QR code can exist; the answer says why.
    const qr = await post<{ message: string }>(server, owner, '/api/generateQRCode/', { sessionID });
    expect(qr.status).toBe(409);
    expect(qr.body.message).toContain('ECONNREFUSED');
  });
});
