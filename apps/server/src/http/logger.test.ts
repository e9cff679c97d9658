import { stripVTControlCharacters } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/helpers/auth';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { captureLogs } from '../../test/helpers/log-capture';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../test/helpers/whatsapp';
import { loggerOptions, serializeError } from './logger';

// What a customer wrote and who they are must never reach the logs, also when storing it fails.
const SECRET_BODY = 'my card number is 4111 1111 1111 1111';
const PHONE = '4915798765432';
const NAME = 'Carla Secretname';

describeWithDatabase('logs of failed WhatsApp work', (ctx) => {
  /** Makes the database refuse rows that hold the secret, as any failing statement would. */
  async function refuse(table: string, column: string) {
    await ctx.db.execute(
      sql.raw(`create or replace function test_refuse_secret() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test' using errcode = 'P0001'; end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger test_refuse_secret before insert on ${table} for each row
        when (new.${column} like '%4111%') execute function test_refuse_secret()`),
    );
    return async () => {
      await ctx.db.execute(sql.raw(`drop trigger test_refuse_secret on ${table}`));
      await ctx.db.execute(sql.raw('drop function test_refuse_secret()'));
    };
  }

  async function receive(table: string, column: string, logged: string) {
    const { stream, text } = captureLogs();
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP, logger: { level: 'info', stream } });
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const restore = await refuse(table, column);
    try {
      const sent = await post(server, owner, `/sim/sessions/${sessionId}/incoming`, {
        group_id: groups[0]?.group_id,
        body: SECRET_BODY,
        author_phone: PHONE,
        author_name: NAME,
      });
      expect(sent.status).toBe(200);
      await eventually(() => text().includes(logged), 10_000, logged);
    } finally {
      await restore();
    }
    const line = text()
      .split('\n')
      .find((entry) => entry.includes(logged));
    return JSON.parse(line ?? '{}') as { err?: Record<string, unknown> };
  }

  const expectNoContent = (entry: { err?: Record<string, unknown> }) => {
    const logged = JSON.stringify(entry);
    for (const secret of ['4111 1111', PHONE, 'Secretname']) expect(logged).not.toContain(secret);
  };

  it('a failed ingest logs what failed and where, never the message text, names or numbers', async () => {
    const entry = await receive('wa_messages', 'body', 'whatsapp live failed');
    expectNoContent(entry);
    expect(entry.err).toMatchObject({ type: expect.any(String), cause: { code: 'P0001' } });
    expect(entry.err?.message).toContain('insert into wa_messages');
    expect(entry.err?.stack).toEqual(expect.stringContaining('    at '));
    expect(JSON.stringify(entry.err)).toContain('refused by the test');
  });

  it("the ticket engine's failure on a message logs no content either", async () => {
    const entry = await receive('ticket_messages', 'message', 'ticket engine failed on a message');
    expectNoContent(entry);
    expect(JSON.stringify(entry.err)).toContain('refused by the test');
  });
});

describe('the error serializer', () => {
  it("cuts a failed query's parameters from its message and stack and keeps only the cause's code and message", () => {
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
        cause: unknown,
      ) {
        super(`Failed query: ${query}\nparams: ${params}`, { cause });
      }
    }
    const cause = Object.assign(new Error('duplicate key value'), {
      code: '23505',
      detail: `Key (phone)=(${PHONE}) already exists.`,
      where: `JSON data, line 1: ${SECRET_BODY}`,
    });
    const error = new DrizzleQueryError(
      'insert into t (a) values ($1)',
      [`${SECRET_BODY}\nline two`, PHONE],
      cause,
    );
    const logged = serializeError(error);
    expect(logged).toEqual({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into t (a) values ($1)',
      stack: expect.stringMatching(/^Error: Failed query: insert into t \(a\) values \(\$1\)\n\s+at /),
      query: 'insert into t (a) values ($1)',
      cause: { code: '23505', message: 'duplicate key value' },
    });
    expect(JSON.stringify(logged)).not.toMatch(/4111 1111|4915798765432|line two/);
  });

  it('keeps what an ordinary error says, and copes with values that are not errors', () => {
    const plain = Object.assign(new TypeError('bad thing'), { code: 'E_BAD', extra: 'kept out' });
    expect(serializeError(plain)).toEqual({
      type: 'TypeError',
      message: 'bad thing',
      code: 'E_BAD',
      stack: expect.stringContaining('TypeError: bad thing'),
    });
    expect(serializeError('just text')).toEqual({ type: 'string', message: 'just text', stack: '' });
  });
});

describe('log formats', () => {
  /** An app logging into a capture, with a route whose request and log line carry secrets. */
  async function logSecrets(logFormat: 'auto' | 'json' | 'pretty', terminal = false) {
    const capture = captureLogs();
    const stream = Object.assign(capture.stream, { isTTY: terminal });
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info', logFormat }, { stream }) });
    app.get('/in', async (request) => {
      request.log.info(
        { password: 'hunter2-secret', headers: { authorization: 'Bearer eyJ-secret' }, phone: 'kept' },
        'signing in',
      );
      request.log.error({ err: new Error(`Failed query: insert\nparams: ${SECRET_BODY}`) }, 'storing failed');
      return {};
    });
    await app.inject({ url: '/in?token=url-secret&page=2' });
    await app.close();
    return stripVTControlCharacters(capture.text());
  }

  const expectRedacted = (text: string) => {
    for (const secret of ['hunter2', 'eyJ-secret', 'url-secret', '4111 1111'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(text).toContain('token=[redacted]&page=2');
    expect(text).toContain('Failed query: insert');
  };

  it('pretty lines are readable and redact what the JSON lines redact', async () => {
    const text = await logSecrets('pretty');
    expectRedacted(text);
    const line = text.split('\n').find((entry) => entry.includes('signing in')) ?? '';
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: signing in \{/);
    expect(line).toContain('"password":"[redacted]"');
    expect(line).toContain('"phone":"kept"');
    expect(text).not.toMatch(/^\{/m);
  });

  it('auto is pretty on a terminal and JSON anywhere else; json is JSON even on a terminal', async () => {
    expect(await logSecrets('auto', true)).toMatch(/^\[.*\] INFO/);
    for (const text of [await logSecrets('auto', false), await logSecrets('json', true)]) {
      expectRedacted(text);
      const lines = text.trim().split('\n');
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.map((line) => JSON.parse(line).msg)).toContain('signing in');
    }
  });
});
