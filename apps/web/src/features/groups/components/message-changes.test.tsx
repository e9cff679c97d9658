import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupMessage } from '@wadesk/contract';
import { describe, expect, it, vi } from 'vitest';
import { GroupBubble } from './group-bubble';

// Reactions, edits, deletes and missed calls in the group chat (decision 0026).
let seq = 0;
function message(extra: Partial<GroupMessage> = {}): GroupMessage {
  seq += 1;
  return {
    msg_id: `c${seq}`,
    id: `C${seq}`,
    author: '919800000001@s.whatsapp.net',
    author_name: 'Asha Rao',
    author_number: '919800000001',
    from_me: false,
    body: 'My parcel is late',
    has_media: false,
    message_type: 'chat',
    media_base64: null,
    mimetype: null,
    filename: null,
    has_quoted_msg: false,
    quoted_msg_id: null,
    quoted_msg: null,
    quoted_participant_name: null,
    timestamp: 1_800_000_000,
    ...extra,
  };
}

function show(extra: Partial<GroupMessage>) {
  return render(
    <GroupBubble
      message={message(extra)}
      blinking={false}
      downloading={false}
      onBlink={vi.fn()}
      onDownload={vi.fn()}
    />,
  );
}

describe('reactions under a message', () => {
  const reactions: GroupMessage['reactions'] = [
    {
      emoji: '👍',
      count: 2,
      by: [
        { name: 'Dan', number: '4915122222222', from_me: false },
        { name: null, number: '4930000000000', from_me: true },
      ],
    },
    { emoji: '🙏', count: 1, by: [{ name: null, number: '4915133333333', from_me: false }] },
  ];

  it('shows one chip per emoji with its count, and who reacted on click, keyboard and Escape', async () => {
    const user = userEvent.setup();
    show({ reactions });
    const chips = within(screen.getByRole('list', { name: 'Reactions' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['👍2', '🙏']);
    expect(chips[0]?.getAttribute('aria-label')).toBe('👍 2: Dan, You');
    expect(chips[1]?.getAttribute('aria-label')).toBe('🙏 1: +49 1513 3333333');
    expect(chips[0]?.getAttribute('aria-expanded')).toBe('false');

    await user.click(chips[0] as HTMLElement);
    expect(chips[0]?.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(chips[0]?.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getByText('Reacted with 👍')).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dan+49 1512 2222222', 'You']);
    await user.keyboard('{Escape}');
    expect(chips[0]?.getAttribute('aria-expanded')).toBe('false');

    // From the keyboard: focus the chip and press Enter.
    (chips[1] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(chips[1]?.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows nothing when nobody reacted, also for a server that sends no reactions', () => {
    show({ reactions: [] });
    expect(screen.queryByRole('list', { name: 'Reactions' })).toBeNull();
    show({});
    expect(screen.queryByRole('list', { name: 'Reactions' })).toBeNull();
  });
});

describe('edited messages', () => {
  it('says "edited" beside the time and lists the earlier versions with when they were replaced', async () => {
    const user = userEvent.setup();
    show({
      body: 'Deliver to Main St 5, back door',
      edited_at: 1_800_000_600,
      edits: [
        { body: 'Deliver to Main Sr 5', replaced_at: 1_800_000_300 },
        { body: 'Deliver to Main St 5', replaced_at: 1_800_000_600 },
      ],
    });
    expect(screen.getByText('Deliver to Main St 5, back door')).toBeTruthy();
    expect(screen.queryByText('Deliver to Main Sr 5')).toBeNull();
    const edited = screen.getByRole('button', { name: /^Edited .*: show earlier versions$/ });
    expect(edited?.textContent).toMatch('edited');
    await user.click(edited);
    const list = document.getElementById(edited.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getByText('Earlier versions')).toBeTruthy();
    const versions = within(list).getAllByRole('listitem');
    expect(versions).toHaveLength(2);
    expect(versions[0]?.textContent).toMatch(/^Deliver to Main Sr 5Replaced /);
    expect(
      within(versions[0] as HTMLElement)
        .getByText(/\d/, { selector: 'time' })
        ?.getAttribute('datetime'),
    ).toBe(new Date(1_800_000_300_000).toISOString());
  });

  it('shows no label on a message never edited', () => {
    show({ edited_at: null });
    expect(screen.queryByRole('button', { name: /Edited/ })).toBeNull();
  });
});

describe('deleted messages and missed calls', () => {
  it('says when a message was deleted, never its words', () => {
    show({ message_type: 'revoked', body: '', revoked_by: null, deleted_at: 1_800_000_900 });
    expect(screen.getByText('This message was deleted')).toBeTruthy();
    expect(screen.getByText(/^Deleted/)).toBeTruthy();
    expect(
      screen
        .getByText(/^Deleted/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe(new Date(1_800_000_900_000).toISOString());
    expect(screen.queryByText('My parcel is late')).toBeNull();
  });

  it('draws a missed call as a centred line naming the caller and the time', () => {
    const { container } = show({ message_type: 'call_missed', body: 'Missed voice call' });
    expect(container.querySelector('article')).toBeNull();
    expect(container.textContent).toMatch(/^Missed voice call from Asha Rao · \d{1,2}:\d{2}/);
    show({ message_type: 'call_missed', body: 'Missed video call', author_name: null });
    expect(screen.getByText(/Missed video call from \+91 98000 00001/)).toBeTruthy();
  });
});
