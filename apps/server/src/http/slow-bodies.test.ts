import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { signUp } from '../../test/helpers/auth';
import { exportZip, uploadOf } from '../../test/helpers/chat-files';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import {
  closedWithin,
  listenOnLoopback,
  type RawConnection,
  rawConnections,
  requestFrom,
} from '../../test/helpers/raw-connections';
import { authErrors } from '../modules/auth/auth.service';
import { slowBodyMessage } from './slow-bodies';

// A request body must keep up a minimum rate (README "Configuration": MIN_BODY_BYTES_PER_SECOND,
// MIN_BODY_RATE_GRACE_MS), or it is ended with 408 long before REQUEST_TIMEOUT_MS. Here: 1000 bytes a
// second after half a second, and a request deadline far beyond the test.
const bounds = { minBodyBytesPerSecond: 1000, minBodyRateGraceMs: 500, requestTimeoutMs: 60_000 };

describeWithDatabase(
  'slow request bodies',
  (ctx) => {
    const connections = rawConnections();
    const drips: NodeJS.Timeout[] = [];
    afterEach(() => {
      for (const drip of drips.splice(0)) clearInterval(drip);
      connections.destroyAll();
    });

    /** Writes `chunk` every 100 ms while the connection is open. */
    const trickle = (connection: RawConnection, chunk: string) => {
      drips.push(setInterval(() => connection.socket.writable && connection.socket.write(chunk), 100));
    };

    const expectEndedWith408 = async (connection: RawConnection, started: number) => {
      const closed = await closedWithin(connection, 3000);
      if (closed === 'still open') throw new Error('the slow body was still being waited for after 3 s');
      expect(closed.at - started).toBeLessThan(3000);
      expect(closed.data).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(closed.data.slice(closed.data.indexOf('\r\n\r\n') + 4))).toEqual({
        message: slowBodyMessage,
      });
    };

    it('ends a body that trickles below the rate with 408, while a slow but acceptable body from another address completes', async () => {
      const port = await listenOnLoopback(await ctx.buildApp(bounds));
      const started = performance.now();

      // 100 bytes a second: a tenth of the rate.
      const slow = connections.open(port);
      slow.socket.write(
        'POST /users/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n',
      );
      trickle(slow, ' '.repeat(10));

      // 2000 bytes a second for two seconds from 127.0.0.2: twice the rate, well past the grace.
      const acceptable = connections.open(port, '127.0.0.2');
      const body = `{"username":"nobody@example.com","password":"Secret!A"${' '.repeat(4000)}}`;
      acceptable.socket.write(
        `POST /users/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      let sent = 0;
      const feed = setInterval(() => {
        acceptable.socket.write(body.slice(sent, sent + 200));
        sent += 200;
        if (sent >= body.length) clearInterval(feed);
      }, 100);
      drips.push(feed);

      await expectEndedWith408(slow, started);
      const { data } = await acceptable.closed;
      expect(performance.now() - started).toBeGreaterThan(1900);
      // Read to its end and answered: no such account.
      expect(data).toMatch(/^HTTP\/1\.1 404 /);
      expect(data).toContain(authErrors.notRegistered);
    });

    it('a burst up front buys no idle time: a body that then stalls is ended one window later', async () => {
      const port = await listenOnLoopback(await ctx.buildApp(bounds));
      const connection = connections.open(port);
      connection.socket.write(
        'POST /users/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      // 20 kB at once, forty times what the first 500 ms window asks, then nothing more: averaged over the
      // whole body it would pass for 20 s.
      connection.socket.write(' '.repeat(20_000));
      const started = performance.now();
      await expectEndedWith408(connection, started);
    });

    it('a large upload over loopback is unaffected, and a multipart upload that trickles is ended the same way', async () => {
      const app = await ctx.buildApp(bounds);
      const port = await listenOnLoopback(app);
      const user = await signUp(app);

      // 3.5 MB on the wire: a photo that does not compress.
      const form = uploadOf(
        'WhatsApp Chat with Bob.zip',
        exportZip({ 'IMG-20240112-WA0001.jpg': randomBytes(3.5 * 1024 * 1024) }),
      );
      const large = await requestFrom(port, '127.0.0.1', {
        path: '/v1/uploadfile/',
        method: 'POST',
        headers: { ...user.headers, ...form.headers },
        body: form.payload,
      });
      expect(large.status).toBe(200);
      expect(JSON.parse(large.body).total_msgs).toBe(7);

      const started = performance.now();
      const slow = connections.open(port);
      slow.socket.write(
        `POST /v1/uploadfile/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${user.headers.authorization}\r\n` +
          'Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 100000\r\n\r\n' +
          '--XX\r\nContent-Disposition: form-data; name="file_uploaded"; filename="chat.txt"\r\n\r\n',
      );
      trickle(slow, '12/01/2024, 09:16 - A: x\n'.slice(0, 10));
      await expectEndedWith408(slow, started);
    });
  },
  { shareApp: true },
);
