import {
  GROUP_SEARCH_LIMIT,
  type GroupMessagesResponse,
  type SearchGroupMessagesResponse,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { snippetOf } from './groups.service';

describeWithDatabase('search within a group, pages around a message and from a date', (ctx) => {
  const app = () => ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });

  it('finds stored messages by text, newest first, bounded, only in the organisation', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const base = { session_id: sessionId, group_id: groups[0]?.group_id ?? '' };

    // The simulator's texts: "Refund processed, it takes 3-5 working days" and "…please refund one".
    const found = await post<SearchGroupMessagesResponse>(server, owner, '/api/searchGroupMsgs/', {
      ...base,
      query: 'REFUND',
    });
    expect(found.status).toBe(200);
    const { hits } = found.body;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(GROUP_SEARCH_LIMIT);
    for (const hit of hits) expect(hit.snippet.toLowerCase()).toContain('refund');
    const times = hits.map((hit) => hit.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // LIKE's wildcards are searched for as text, not patterns.
    const wild = await post<SearchGroupMessagesResponse>(server, owner, '/api/searchGroupMsgs/', {
      ...base,
      query: '%_',
    });
    expect(wild.body.hits).toEqual([]);

    // A hit opens in the middle of its page.
    const hit = hits[0];
    const around = await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', {
      ...base,
      msg_type: 'around',
      msg_id: hit?.msg_id,
    });
    expect(around.status).toBe(200);
    const at = around.body.messages.findIndex((m) => m.msg_id === hit?.msg_id);
    expect(at).toBeGreaterThan(0);
    expect(around.body.messages.length).toBeLessThanOrEqual(100);

    // A date: the first message at or after it starts the page.
    const newest = (await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', base)).body;
    const middle = newest.messages[50];
    const fromDate = await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', {
      ...base,
      msg_type: 'date',
      timestamp: middle?.timestamp,
    });
    expect(fromDate.body.messages[0]?.timestamp).toBe(middle?.timestamp);
    expect(fromDate.body.messages.every((m) => m.timestamp >= (middle?.timestamp ?? 0))).toBe(true);
    // Past the newest message: the newest page.
    const future = await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', {
      ...base,
      msg_type: 'date',
      timestamp: 4_000_000_000,
    });
    expect(future.body.messages.map((m) => m.msg_id)).toEqual(newest.messages.map((m) => m.msg_id));

    // Another organisation's member cannot search this group.
    const stranger = await signUpVerified(server, { email: 'stranger@example.com' });
    const other = await post(server, stranger, '/api/searchGroupMsgs/', { ...base, query: 'refund' });
    expect(other.status).toBe(404);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const base = { session_id: sessionId, group_id: groups[0]?.group_id ?? '' };
    for (const body of [
      { ...base, query: '' },
      { ...base, query: '   ' },
      { ...base, query: 'x'.repeat(101) },
      { ...base },
      { group_id: base.group_id, query: 'refund' },
    ]) {
      const answer = await post<{ message: string }>(server, owner, '/api/searchGroupMsgs/', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const noTimestamp = await post(server, owner, '/api/getGroupsMsg/', { ...base, msg_type: 'date' });
    expect(noTimestamp.status).toBe(400);
  });
});

it('cuts a long text to the part around the match', () => {
  const body = `${'a'.repeat(200)} the needle here ${'b'.repeat(200)}`;
  const snippet = snippetOf(body, 'NEEDLE');
  expect(snippet).toContain('needle');
  expect(snippet.length).toBeLessThanOrEqual(122);
  expect(snippet.startsWith('…')).toBe(true);
  expect(snippetOf('short\ntext', 'x')).toBe('short text');
});
