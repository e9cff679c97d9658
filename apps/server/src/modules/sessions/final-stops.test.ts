import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post, sessionStatus } from '../../../test/helpers/whatsapp';
import { VERSION_REFUSED } from '../../whatsapp/close-reason';
import type { Connection, ConnectionClose } from '../../whatsapp/driver';
import { createSimulatorDriver } from '../../whatsapp/simulator/simulator-driver';

/**
 * A session that stopped for good — WhatsApp refused its client version (405), its device (411), or
 * another client took it (440) — gives its lease back; the lease scan must not start it again, or the
 * stop would become a retry every few seconds. Only the user's start (or, for the version, a newly
 * started server) tries it again.
 */
describeEachDatabase('final stops', (ctx) => {
  const refusals: [string, ConnectionClose][] = [
    ['the client version (405)', { kind: 'version_refused', statusCode: 405, reason: VERSION_REFUSED }],
    ['the device (411)', { kind: 'refused', statusCode: 411, reason: 'WhatsApp refused this device.' }],
    ['replaced (440)', { kind: 'replaced', statusCode: 440, reason: 'Another client opened this session.' }],
  ];

  for (const [name, close] of refusals) {
    it(`a session WhatsApp refused for ${name} is not started again by the lease scan`, async () => {
      const simulator = createSimulatorDriver(FAST_WHATSAPP.simulator);
      const connect = simulator.connect.bind(simulator);
      let refuse = false;
      let connects = 0;
      simulator.connect = (options) => {
        connects += 1;
        if (!refuse) return connect(options);
        setTimeout(() => options.events.close(close), 5);
        return refusedConnection;
      };
      const server = await ctx.buildApp(
        {},
        { whatsapp: { ...FAST_WHATSAPP, driver: simulator, lease: { scanMs: 50 } } },
      );
      const owner = await signUpVerified(server);
      const { sessionId } = await linkSession(server, owner);

      refuse = true;
      await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'restart_required' });
      const stopped = close.kind === 'version_refused' ? 'version_refused' : close.kind;
      await eventually(async () => (await sessionStatus(server, owner, sessionId)).status === stopped, 5_000);
      const tries = connects;
      await new Promise((resolve) => setTimeout(resolve, 600)); // a dozen scans
      expect(connects).toBe(tries);
      expect((await sessionStatus(server, owner, sessionId)).status).toBe(stopped);

      // A server started afterwards (perhaps with WHATSAPP_VERSION set) tries a refused version once more.
      await server.close();
      const restarted = await ctx.buildApp(
        {},
        { whatsapp: { ...FAST_WHATSAPP, driver: simulator, lease: { scanMs: 50 } } },
      );
      await restarted.ready();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(connects).toBe(tries + (close.kind === 'version_refused' ? 1 : 0));
    });
  }
});

const refusedConnection: Connection = {
  listGroups: async () => [],
  requestHistory: async () => 'never',
  downloadMedia: async () => {
    throw new Error('not connected');
  },
  sendText: async () => {
    throw new Error('not connected');
  },
  sendMedia: async () => {
    throw new Error('not connected');
  },
  sendAgain: async () => {
    throw new Error('not connected');
  },
  sendPoll: async () => {
    throw new Error('not connected');
  },
  logout: async () => {},
  end: async () => {},
};
