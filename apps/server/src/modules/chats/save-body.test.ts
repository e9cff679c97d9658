import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type BodySpool, createBodySpool } from './save-body';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as FastifyRequest;
const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('createBodySpool', () => {
  let spool: BodySpool | undefined;
  afterEach(() => spool?.close());

  it('writes the body to a file of its own, removed by dispose', async () => {
    spool = createBodySpool(1024);
    const body = await spool.parse(request(), chunks('{"chat_name":', '"x"}'));
    expect(readFileSync(body.path, 'utf8')).toBe('{"chat_name":"x"}');
    await body.dispose();
    await body.dispose();
    expect(existsSync(body.path)).toBe(false);
  });

  it('refuses a declared length over the limit before reading anything', async () => {
    spool = createBodySpool(10);
    const refused = spool.parse(request({ 'content-length': '11' }), chunks('x'));
    await expect(refused).rejects.toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
  });

  it('stops a body that passes the limit without declaring it, and leaves no file', async () => {
    spool = createBodySpool(10);
    const probe = await spool.parse(request(), chunks('{}'));
    const dir = dirname(probe.path);
    await probe.dispose();
    const refused = spool.parse(request(), chunks('{"a":', '"0123456789"}'));
    await expect(refused).rejects.toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an empty body as JSON does', async () => {
    spool = createBodySpool(10);
    await expect(spool.parse(request(), chunks())).rejects.toMatchObject({
      code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
    });
  });

  it('close removes the folder and whatever is left in it', async () => {
    spool = createBodySpool(10);
    const body = await spool.parse(request(), chunks('{}'));
    spool.close();
    expect(existsSync(dirname(body.path))).toBe(false);
    spool = undefined;
  });
});
