import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PollState } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, openGroup, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { makePoll, voter } from '@/testing/poll-fixtures';

const votes = (bubble: HTMLElement, option: string) =>
  bubble.querySelector(`[data-poll-option="${option}"] [data-votes]`)?.getAttribute('data-votes');

const pollUpdated = (waId: string, poll: PollState, group = 'g1@g.us') =>
  act(() =>
    FakeEventSource.current()?.emit({
      type: 'poll.updated',
      session_id: 's1',
      group_id: group,
      wa_id: waId,
      poll,
    }),
  );

describe('polls in the group chat', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('shows a poll with its counts and moves them with poll.updated events of its group', async () => {
    stubEventSource();
    const question = 'Which day suits the visit?';
    const poll = makePoll({ Monday: [voter('Asha')], Tuesday: [] }, { question });
    const own = makePoll({ Yes: [], No: [] }, { question: 'Solved?' });
    server({
      messages: () =>
        page(
          [
            message({ id: 'P1', message_type: 'poll_creation', body: question, poll }),
            message({ id: 'P2', message_type: 'poll_creation', body: 'Solved?', from_me: true, poll: own }),
          ],
          { has_more_before: false },
        ),
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const bubble = (await screen.findByRole('region', { name: `Poll: ${question}` })).closest(
      'article',
    ) as HTMLElement;
    expect(votes(bubble, 'Monday')).toBe('1');
    expect(within(bubble).getByText('Asha')).toBeTruthy();
    // The question shows once, in the poll, not again as the message's text or kind.
    expect(within(bubble).getAllByText(question)).toHaveLength(1);

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    pollUpdated(
      'P1',
      makePoll({ Monday: [], Tuesday: [voter('Asha'), voter(null, null, true)] }, { question }),
    );
    await waitFor(() => expect(votes(bubble, 'Tuesday')).toBe('2'));
    expect(votes(bubble, 'Monday')).toBe('0');
    expect(within(bubble).getByText('You')).toBeTruthy();
    expect(within(bubble).getByText('2 voters')).toBeTruthy();

    // Another group's poll of the same id changes nothing here; the other poll keeps its counts.
    pollUpdated('P1', makePoll({ Monday: [voter('X'), voter('Y'), voter('Z')], Tuesday: [] }), 'g2@g.us');
    const ownBubble = screen.getByRole('region', { name: 'Poll: Solved?' }).closest('article') as HTMLElement;
    pollUpdated('P2', makePoll({ Yes: [voter('Ravi Kumar')], No: [] }, { question: 'Solved?' }));
    await waitFor(() => expect(votes(ownBubble, 'Yes')).toBe('1'));
    expect(votes(bubble, 'Monday')).toBe('0');
  });

  it('keeps showing a poll from a server that sends no counts as its question', async () => {
    server({
      messages: () =>
        page([message({ message_type: 'poll_creation', body: 'Which day suits?', poll: null })], {
          has_more_before: false,
        }),
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const text = await screen.findByText('Which day suits?');
    const bubble = text.closest('article') as HTMLElement;
    expect(bubble.querySelector('[data-kind="poll_creation"]')?.textContent).toBe('Poll');
    expect(bubble.querySelector('[data-poll]')).toBeNull();
  });
});
