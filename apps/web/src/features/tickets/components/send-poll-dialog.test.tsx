import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AuthUser,
  MAX_POLL_OPTIONS,
  MAX_POLL_QUESTION_LENGTH,
  pollMessages,
  type SendPollResponse,
} from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { RATING_PRESET } from '@/features/tickets/utils/poll-form';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { ToastHost } from '@/shared/ui/toast';
import { makePoll } from '@/testing/poll-fixtures';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, sentBody, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { ReplyBox } from './reply-box';
import { SEND_POLL_TEXT } from './send-poll-dialog';

const ME: AuthUser = {
  id: 7,
  email: 'mia@example.com',
  first_name: 'Mia',
  last_name: 'Lee',
  role: 'member',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};

const SENT: SendPollResponse = {
  ticket_id: 1,
  wa_id: '3EB0PP',
  poll: makePoll({ Yes: [], No: [] }),
  sent_at: '2026-11-28T10:00:00.000Z',
};

function server(answer: () => Response = () => jsonResponse(200, SENT)) {
  const sent: unknown[] = [];
  stubFetch((path, init) => {
    if (path !== '/org/sendPoll/') return jsonResponse(404, { message: `unexpected ${path}` });
    sent.push(sentBody(init));
    return answer();
  });
  return sent;
}

async function openDialog(status: 'open' | 'close' = 'open') {
  const user = userEvent.setup();
  render(
    <AppProviders>
      <AuthUserProvider user={ME}>
        <ReplyBox ticket={makeTicket(1, { status })} />
      </AuthUserProvider>
      <ToastHost />
    </AppProviders>,
  );
  await user.click(screen.getByRole('button', { name: 'Poll' }));
  const dialog = await screen.findByRole('dialog', { name: SEND_POLL_TEXT.title });
  return { user, dialog };
}

const optionFields = (dialog: HTMLElement) =>
  within(dialog).getAllByRole('textbox', { name: /^Option \d+$/ });
const question = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: SEND_POLL_TEXT.question });
const removeButtons = (dialog: HTMLElement) =>
  within(dialog).queryAllByRole('button', { name: /^Remove option/ });
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('SendPollDialog', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('starts with a question and two options; options are added up to the limit and removed down to two', async () => {
    server();
    const { user, dialog } = await openDialog();
    expect(document.activeElement).toBe(question(dialog));
    expect(optionFields(dialog)).toHaveLength(2);
    expect(removeButtons(dialog)).toHaveLength(0);
    const add = within(dialog).getByRole('button', { name: SEND_POLL_TEXT.add });
    await user.click(add);
    expect(optionFields(dialog)).toHaveLength(3);
    expect(document.activeElement).toBe(optionFields(dialog)[2]);
    expect(removeButtons(dialog)).toHaveLength(3);
    for (let i = 3; i < MAX_POLL_OPTIONS; i++) await user.click(add);
    expect(optionFields(dialog)).toHaveLength(MAX_POLL_OPTIONS);
    expect(within(dialog).queryByRole('button', { name: SEND_POLL_TEXT.add })).toBeNull();

    // Removing one keeps the others' text, in order.
    await user.type(optionFields(dialog)[0] as HTMLElement, 'first');
    await user.type(optionFields(dialog)[1] as HTMLElement, 'second');
    await user.click(within(dialog).getByRole('button', { name: SEND_POLL_TEXT.remove(1) }));
    expect(optionFields(dialog)).toHaveLength(MAX_POLL_OPTIONS - 1);
    expect((optionFields(dialog)[0] as HTMLInputElement).value).toBe('second');
    expect(document.activeElement).toBe(optionFields(dialog)[0]);
    expect(within(dialog).getByRole('button', { name: SEND_POLL_TEXT.add })).toBeTruthy();
    while (optionFields(dialog).length > 2) await user.click(removeButtons(dialog)[0] as HTMLElement);
    expect(removeButtons(dialog)).toHaveLength(0);
  });

  it("refuses a poll the contract refuses, in the contract's words, and sends nothing", async () => {
    const sent = server();
    const { user, dialog } = await openDialog();
    const send = within(dialog).getByRole('button', { name: SEND_POLL_TEXT.send });
    await user.click(send);
    expect(errorOf(question(dialog))).toEqual([pollMessages.questionRequired]);
    expect(document.activeElement).toBe(question(dialog));
    for (const field of optionFields(dialog)) expect(errorOf(field)).toEqual([pollMessages.optionRequired]);

    // The errors follow the edits.
    await user.type(question(dialog), 'Solved?');
    expect(question(dialog).getAttribute('aria-invalid')).toBeNull();
    await user.type(optionFields(dialog)[0] as HTMLElement, 'Yes');
    await user.type(optionFields(dialog)[1] as HTMLElement, ' yes ');
    expect(errorOf(optionFields(dialog)[1] as HTMLElement)).toEqual([pollMessages.duplicateOptions]);
    expect(optionFields(dialog)[0]?.getAttribute('aria-invalid')).toBe('true');

    await user.clear(question(dialog));
    await user.click(question(dialog));
    await user.paste('x'.repeat(MAX_POLL_QUESTION_LENGTH + 1));
    expect(errorOf(question(dialog))).toEqual([pollMessages.questionTooLong]);
    await user.click(send);
    expect(sent).toEqual([]);
    expect(screen.getByRole('dialog', { name: SEND_POLL_TEXT.title })).toBeTruthy();
  });

  it('sends the trimmed poll to POST /org/sendPoll/, closes, and says it was sent', async () => {
    const sent = server();
    const { user, dialog } = await openDialog();
    await user.type(question(dialog), '  Was the delivery on time?  ');
    await user.type(optionFields(dialog)[0] as HTMLElement, ' Yes ');
    await user.type(optionFields(dialog)[1] as HTMLElement, 'No');
    await user.click(within(dialog).getByRole('checkbox', { name: SEND_POLL_TEXT.multiple }));
    await user.click(within(dialog).getByRole('button', { name: SEND_POLL_TEXT.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { ticket_id: 1, question: 'Was the delivery on time?', options: ['Yes', 'No'], multiple: true },
    ]);
    expect(await screen.findByText(SEND_POLL_TEXT.sent)).toBeTruthy();
  });

  it("shows the server's refusal as a toast and keeps the dialog and the draft", async () => {
    const reason = "This ticket's WhatsApp session is not connected.";
    server(() => jsonResponse(409, { message: reason }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: SEND_POLL_TEXT.preset }));
    expect((question(dialog) as HTMLInputElement).value).toBe(RATING_PRESET.question);
    expect(optionFields(dialog).map((field) => (field as HTMLInputElement).value)).toEqual(
      RATING_PRESET.options,
    );
    await user.click(within(dialog).getByRole('button', { name: SEND_POLL_TEXT.send }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: SEND_POLL_TEXT.title })).toBeTruthy();
    expect((question(dialog) as HTMLInputElement).value).toBe(RATING_PRESET.question);
  });

  it('offers no poll on a closed ticket', () => {
    server();
    render(
      <AppProviders>
        <AuthUserProvider user={ME}>
          <ReplyBox ticket={makeTicket(1, { status: 'close' })} />
        </AuthUserProvider>
      </AppProviders>,
    );
    expect((screen.getByRole('button', { name: 'Poll' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
