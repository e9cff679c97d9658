import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageUpdatedEvent } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, openGroup, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';

// message.updated events change the shown message in place: reactions, an edit, a delete (decision 0026).
const updated = (id: string, change: Partial<MessageUpdatedEvent>, group = 'g1@g.us') =>
  act(() =>
    FakeEventSource.current()?.emit({
      type: 'message.updated',
      session_id: 's1',
      group_id: group,
      id,
      ...change,
    }),
  );

describe('live changes of shown messages', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('shows new reactions, an edited text and a delete as they are told, and ignores other groups', async () => {
    stubEventSource();
    // The group holds this one message: nothing older to load.
    server({
      messages: () => page([message({ id: 'M1', body: 'Main Sr 5' })], { has_more_before: false }),
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('Main Sr 5');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());

    const by = [{ name: 'Dan', number: null, from_me: false }];
    updated('M1', { reactions: [{ emoji: '👍', count: 1, by }] });
    const chip = await screen.findByRole('button', { name: '👍 1: Dan' });
    expect(chip).toBeTruthy();

    // The same id in another group is another message.
    updated('M1', { edit: { body: 'elsewhere', edited_at: 5, edits: [] } }, 'g2@g.us');
    updated('M1', {
      edit: { body: 'Main St 5', edited_at: 6, edits: [{ body: 'Main Sr 5', replaced_at: 6 }] },
    });
    await screen.findByText('Main St 5');
    expect(screen.queryByText('elsewhere')).toBeNull();
    expect(screen.getByRole('button', { name: /^Edited/ })).toBeTruthy();

    updated('M1', { deleted: { revoked_by: null, deleted_at: 9 } });
    await screen.findByText('This message was deleted');
    expect(screen.queryByText('Main St 5')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Reactions' })).toBeNull();
  });
});
