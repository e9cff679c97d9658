import { expect, it } from 'vitest';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { testLocalStorage } from '../../test/helpers/test-config';

const NAME = 'u1/AAAAAAAAAAAAAAAAAAAAAA/voice.opus';
const BYTES = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

describeWithDatabase('GET /files/ (local signed links)', (ctx) => {
  async function stored(name = NAME, options: { download?: string } = {}) {
    const storage = testLocalStorage(ctx.dataDir, ctx.clock);
    await storage.put(name, BYTES, { contentType: 'audio/ogg', size: BYTES.length });
    return (await storage.signedUrl(name, { expiresInSeconds: 900, ...options })).url;
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('serves the file inline with its type, nosniff and a cache lifetime within the link', async () => {
    const res = await get(await stored());
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/ogg',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': '100',
      'cache-control': 'private, max-age=900',
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves downloads as attachments under their original name', async () => {
    const res = await get(
      await stored('u1/AAAAAAAAAAAAAAAAAAAAAA/Report_2024.pdf', { download: 'Report 2024 – Q1.pdf' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Report 2024 _ Q1.pdf"; filename*=UTF-8''Report%202024%20%E2%80%93%20Q1.pdf`,
    );
  });

  it('answers HEAD without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: await stored() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.length).toBe(0);
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=90-', 90, 99],
    ['bytes=-5', 95, 99],
    ['bytes=50-1000', 50, 99],
  ])('answers Range %s with 206 and Content-Range', async (range, start, end) => {
    const res = await get(await stored(), { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/100`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const res = await get(await stored(), { range: 'bytes=100-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */100');
    expect(res.json()).toEqual({ message: 'The requested range is outside the file.' });
  });

  it('works until the link expires, then answers 403', async () => {
    const url = await stored();
    ctx.clock.advance(899_000);
    expect((await get(url)).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This link is invalid or has expired.' });
  });

  it('refuses a link with any changed character of name, exp or sig', async () => {
    const url = new URL(await stored(), 'http://localhost');
    const name = url.pathname.slice('/files/'.length);
    const exp = url.searchParams.get('exp') as string;
    const sig = url.searchParams.get('sig') as string;
    const link = (n: string, e: string, s: string) => `/files/${n}?exp=${e}&sig=${s}`;
    expect((await get(link(name, exp, sig))).statusCode).toBe(200);
    const change = (text: string, at: number, alphabet: string) => {
      const current = text[at] as string;
      const replacement = alphabet[(alphabet.indexOf(current) + 1) % alphabet.length] as string;
      return text.slice(0, at) + replacement + text.slice(at + 1);
    };
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const tries: string[] = [];
    for (let at = 0; at < name.length; at++)
      if (name[at] !== '/') tries.push(link(change(name, at, `${B64}.`), exp, sig));
    for (let at = 0; at < exp.length; at++) tries.push(link(name, change(exp, at, '0123456789'), sig));
    for (let at = 0; at < sig.length; at++) tries.push(link(name, exp, change(sig, at, B64)));
    tries.push(
      link(name, exp, ''),
      `/files/${name}?exp=${exp}`,
      `/files/${name}?sig=${sig}`,
      link(name, `0${exp}`, sig),
    );
    tries.push(`${link(name, exp, sig)}&dl=evil.html`);
    for (const url of tries) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'This link is invalid or has expired.' });
    }
  });

  it('never serves anything outside the storage root', async () => {
    await stored();
    for (const path of [
      '../secrets.json',
      '..%2Fsecrets.json',
      '%2E%2E/secrets.json',
      'u1/../../secrets.json',
    ]) {
      const res = await get(`/files/${path}?exp=9999999999&sig=${'A'.repeat(43)}`);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('secret');
    }
  });

  it('answers 404 for a genuine link whose file is gone', async () => {
    const storage = testLocalStorage(ctx.dataDir, ctx.clock);
    const { url } = await storage.signedUrl('u9/ZZZZZZZZZZZZZZZZZZZZZZ/gone.jpg', { expiresInSeconds: 60 });
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'That file was not found. It may have been deleted with its chat.',
    });
  });
});
