import { expect, it } from 'vitest';
import { documentedRoutes, expectRefusal, HUNDRED_KB, storedState } from '../../test/helpers/bad-input';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { testLocalStorage } from '../../test/helpers/test-config';

const NAME = 'u1/AAAAAAAAAAAAAAAAAAAAAA/voice.opus';
const BYTES = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
const INVALID = { message: 'This link is invalid or has expired.' };

// Every case is refused and stores nothing, so the cases share one app.
describeWithDatabase(
  'signed file links and the public system routes refuse bad input',
  (ctx) => {
    async function link(options: { download?: string } = {}) {
      const storage = testLocalStorage(ctx.dataDir, ctx.clock);
      await storage.put(NAME, BYTES, { contentType: 'audio/ogg', size: BYTES.length });
      const url = new URL(
        (await storage.signedUrl(NAME, { expiresInSeconds: 900, ...options })).url,
        'http://x',
      );
      return {
        url: `${url.pathname}${url.search}`,
        exp: url.searchParams.get('exp') as string,
        sig: url.searchParams.get('sig') as string,
      };
    }
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });

    it('refuses forged, expired, oversize and malformed links with 4xx {message}', async () => {
      const { url, exp, sig } = await link();
      const before = await storedState(ctx);
      const forged: string[] = [
        `/files/${NAME}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `/files/${NAME}?exp=${exp}&sig=${HUNDRED_KB}`,
        `/files/${NAME}?exp=${exp}&sig=`,
        `/files/${NAME}?exp=${exp}&sig=${sig}&sig=${sig}`,
        `/files/${NAME}?exp=${exp}&exp=${exp}&sig=${sig}`,
        `/files/${NAME}?exp=-1&sig=${sig}`,
        `/files/${NAME}?exp=0&sig=${sig}`,
        `/files/${NAME}?exp=${'9'.repeat(40)}&sig=${sig}`,
        `/files/${NAME}?exp=1e10&sig=${sig}`,
        `/files/${NAME}?exp=${exp}.0&sig=${sig}`,
        `/files/${NAME}?exp=${Number(exp) + 1}&sig=${sig}`,
        `/files/${NAME}?exp=${exp}&sig=${sig}&dl=evil.html`,
        `/files/u1/AAAAAAAAAAAAAAAAAAAAAA/other.opus?exp=${exp}&sig=${sig}`,
        `/files/${HUNDRED_KB}?exp=${exp}&sig=${sig}`,
        `/files/?exp=${exp}&sig=${sig}`,
      ];
      for (const bad of forged) {
        const res = await get(bad);
        expect(res.statusCode, bad.slice(0, 120)).toBe(403);
        expect(res.json()).toEqual(INVALID);
      }
      // Text that cannot be stored, or a URL that does not decode: 400 before any check.
      for (const bad of [
        `/files/u1/a%00b?exp=${exp}&sig=${sig}`,
        `/files/${NAME}?exp=${exp}&sig=${sig}&dl=a%00b`,
        `/files/u1/%ED%A0%80?exp=${exp}&sig=${sig}`,
        `/files/${NAME}?exp=${exp}&sig=%ED%A0%80`,
        // Resolved to /u1/… before routing: no route at all.
        `/files/../${NAME}?exp=${exp}&sig=${sig}`,
      ]) {
        expectRefusal(await get(bad), bad, [400, 403, 404]);
      }
      // The genuine link works until it expires.
      expect((await get(url)).statusCode).toBe(200);
      ctx.clock.advance(900_000);
      const expired = await get(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual(INVALID);
      expect(await storedState(ctx)).toEqual(before);
    });

    it('answers bad ranges with 416 {message}, or ignores them and sends the whole file', async () => {
      const { url } = await link();
      for (const range of [
        'bytes=100-',
        'bytes=-0',
        `bytes=${'9'.repeat(30)}-`,
        `bytes=${'9'.repeat(30)}-${'9'.repeat(31)}`,
      ]) {
        const res = await get(url, { range });
        expectRefusal(res, `range ${range}`, 416);
        expect(res.headers['content-range']).toBe('bytes */100');
      }
      // RFC 9110 lets a server ignore a range it does not understand; it must never fail on one.
      for (const range of [
        'bytes=abc',
        'bytes=5-2',
        'bytes=0-1,3-4',
        'items=0-1',
        'bytes',
        'bytes=--1',
        HUNDRED_KB,
      ]) {
        const res = await get(url, { range });
        expect(res.statusCode, `range ${range.slice(0, 40)}`).toBe(200);
        expect(res.rawPayload.equals(BYTES)).toBe(true);
      }
      for (const [range, start, end] of [
        [`bytes=-${'9'.repeat(30)}`, 0, 99],
        [`bytes=0-${'9'.repeat(30)}`, 0, 99],
        ['bytes=99-99', 99, 99],
      ] as const) {
        const res = await get(url, { range });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/100`);
        expect(res.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
      }
    });

    it('refuses other methods and unstorable query text on the public routes', async () => {
      // The system area's routes are these two (GET /files/* is hidden from the document).
      expect(await documentedRoutes(ctx.app, ['system'])).toEqual(['GET /config/', 'GET /healthz']);
      // (A query's broken %-escapes decode to U+FFFD, which is storable: no refusal for those.)
      for (const url of ['/healthz?x=a%00b', '/config/?x=a%00b', '/config/?a%00b=1']) {
        expectRefusal(await get(url), url, 400);
      }
      for (const [method, url] of [
        ['POST', '/files/u1/x.jpg'],
        ['DELETE', '/files/u1/x.jpg'],
        ['POST', '/healthz'],
        ['PUT', '/config/'],
        ['POST', '/api/no-such-route/'],
      ] as const) {
        expectRefusal(await ctx.app.inject({ method, url }), `${method} ${url}`, [404, 405]);
      }
      const health = await get(`/healthz?${'x'.repeat(1000)}=1`);
      expect(health.statusCode).toBe(200);
    });
  },
  { shareApp: true },
);
