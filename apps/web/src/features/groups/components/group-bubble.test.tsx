import { render, within } from '@testing-library/react';
import type { GroupMessage } from '@wadesk/contract';
import { describe, expect, it, vi } from 'vitest';
import { GroupBubble } from './group-bubble';

let seq = 0;
function message(extra: Partial<GroupMessage> = {}): GroupMessage {
  seq += 1;
  return {
    msg_id: `m${seq}`,
    id: `W${seq}`,
    author: '919800000001@s.whatsapp.net',
    author_name: 'Ravi Kumar',
    author_number: '919800000001',
    from_me: false,
    body: '',
    has_media: false,
    message_type: 'chat',
    media_base64: null,
    mimetype: null,
    filename: null,
    has_quoted_msg: false,
    quoted_msg_id: null,
    quoted_msg: null,
    quoted_participant_name: null,
    timestamp: 1_709_280_000 + seq * 60,
    ...extra,
  };
}

function bubble(extra: Partial<GroupMessage>) {
  const view = render(
    <GroupBubble
      message={message(extra)}
      blinking={false}
      downloading={false}
      onBlink={vi.fn()}
      onDownload={vi.fn()}
    />,
  );
  return within(view.container.querySelector('article') as HTMLElement);
}

describe('GroupBubble message kinds', () => {
  it('labels every kind that is not plain text, and shows its text', () => {
    const cases: [Partial<GroupMessage>, string][] = [
      [{ message_type: 'view_once', body: 'View-once photo — open it on the phone' }, 'View once'],
      [
        { message_type: 'unknown', body: 'Unsupported message — open it on the phone' },
        'Unsupported message',
      ],
      [{ message_type: 'album', body: 'Album: 3 photos, 1 video' }, 'Album'],
      [{ message_type: 'event', body: 'Store opening\nDrinks at six' }, 'Event'],
      [
        { message_type: 'groups_v4_invite', body: 'Invitation to join the group "Returns"' },
        'Group invitation',
      ],
      [{ message_type: 'interactive', body: 'Was this helpful?\n• Yes\n• No' }, 'Message with choices'],
      [{ message_type: 'list', body: 'Delivery\n• Standard' }, 'Message with choices'],
      [{ message_type: 'buttons_response', body: 'Yes, refund it' }, 'Chosen reply'],
      [{ message_type: 'list_response', body: 'Express' }, 'Chosen reply'],
      [{ message_type: 'template_button_reply', body: 'Call me' }, 'Chosen reply'],
      [{ message_type: 'interactive_response', body: 'Track my order' }, 'Chosen reply'],
      [{ message_type: 'location', body: 'Main street 1' }, 'Location'],
    ];
    for (const [extra, label] of cases) {
      const view = bubble(extra);
      expect(view.getByText(label), label).toBeTruthy();
      const text = extra.body?.split('\n')[0] ?? '';
      expect(
        view.getByText((_, node) => node?.tagName === 'P' && (node.textContent ?? '').startsWith(text)),
      ).toBeTruthy();
    }
  });

  it('never renders an empty bubble: a message of an unknown kind without text still says what it is', () => {
    const view = bubble({ message_type: 'unknown', body: '' });
    expect(view.getByText('Unsupported message')).toBeTruthy();
    expect(view.getByText('Open it on the phone')).toBeTruthy();
  });

  it('shows a round video note with its preview, a play mark and a download', () => {
    const view = bubble({
      message_type: 'ptv',
      has_media: true,
      media_base64: 'AAAA',
      mimetype: 'video/mp4',
    });
    expect(view.getByRole('img', { name: 'Video note preview' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Download Video note' })).toBeTruthy();
  });

  it('names a quoted message by its kind', () => {
    const view = bubble({
      body: 'about this one',
      has_quoted_msg: true,
      quoted_msg_id: 'Q1',
      quoted_msg: { type: 'view_once', body: 'View-once photo — open it on the phone', media_base64: null },
      quoted_participant_name: 'Asha',
    });
    expect(view.getByText('View once')).toBeTruthy();
    const located = bubble({
      body: 'there?',
      has_quoted_msg: true,
      quoted_msg_id: 'Q2',
      quoted_msg: { type: 'location', body: 'Main street 1', media_base64: null },
      quoted_participant_name: 'Asha',
    });
    expect(located.getByText('Location')).toBeTruthy();
  });

  it('shows a long document name with its extension, and the whole name as a tooltip', () => {
    const filename = 'invoice-2024-march-final-signed-copy.pdf';
    const view = bubble({ message_type: 'document', has_media: true, mimetype: 'application/pdf', filename });
    const name = view.getByTitle(filename);
    expect(name.textContent).toMatch(/^invoice.*….*\.pdf$/);
    expect(name.textContent?.length).toBeLessThan(filename.length);
  });

  describe('the quoted author', () => {
    const quoting = (extra: Partial<GroupMessage>) =>
      bubble({
        body: 'replying',
        has_quoted_msg: true,
        quoted_msg_id: 'Q9',
        quoted_msg: { type: 'chat', body: 'the quoted text', media_base64: null },
        ...extra,
      });
    const quoteOf = (view: ReturnType<typeof bubble>) =>
      view.getByText('the quoted text').parentElement as HTMLElement;

    it('is the participant name the server sent', () => {
      const view = quoting({
        quoted_participant_name: 'Asha Rao',
        quoted_participant_number: '919811111111',
      });
      expect(within(quoteOf(view)).getByText('Asha Rao')).toBeTruthy();
      expect(view.queryByText('Unknown')).toBeNull();
    });

    it('is the number in international format when there is no name', () => {
      const view = quoting({ quoted_participant_name: null, quoted_participant_number: '919811111111' });
      expect(within(quoteOf(view)).getByText('+91 98111 11111')).toBeTruthy();
      expect(view.queryByText('Unknown')).toBeNull();
    });

    it('is "You" for the linked account\'s own message', () => {
      const view = quoting({
        quoted_participant_name: null,
        quoted_participant_number: null,
        quoted_from_me: true,
      });
      expect(within(quoteOf(view)).getByText('You')).toBeTruthy();
    });

    it('is left out, never "Unknown", when nobody knows', () => {
      const view = quoting({ quoted_participant_name: null, quoted_participant_number: null });
      expect(quoteOf(view).querySelectorAll('p')).toHaveLength(1);
      expect(view.queryByText('Unknown')).toBeNull();
    });
  });
});

describe('GroupBubble deleted messages', () => {
  const deleted = (revoked_by: GroupMessage['revoked_by']) =>
    bubble({ message_type: 'revoked', revoked_by }).getByText(/^This message was deleted/).textContent;

  it('says which admin deleted a message, and nothing more when its author did', () => {
    expect(deleted({ name: 'Adam', number: '4915177777777', from_me: false })).toBe(
      'This message was deleted by an admin (Adam)',
    );
    expect(deleted({ name: null, number: '4915177777777', from_me: false })).toBe(
      'This message was deleted by an admin (+49 1517 7777777)',
    );
    expect(deleted({ name: null, number: '4917012345678', from_me: true })).toBe(
      'This message was deleted by an admin (You)',
    );
    expect(deleted({ name: null, number: null, from_me: false })).toBe(
      'This message was deleted by an admin',
    );
    expect(deleted(null)).toBe('This message was deleted');
    // An older server sends no revoked_by at all.
    expect(deleted(undefined)).toBe('This message was deleted');
  });
});
