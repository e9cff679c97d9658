import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pollMessages, pollState } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { makePoll, voter } from '@/testing/poll-fixtures';
import { POLL_TEXT, Poll } from './poll';

const option = (name: string) =>
  within(screen.getByRole('list', { name: 'Options' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('data-poll-option') === name) as HTMLElement;
const count = (name: string) => option(name).querySelector('[data-votes]')?.textContent;
const share = (name: string) => option(name).querySelector<HTMLElement>('[data-share]')?.style.width;
const voterNames = (name: string) =>
  within(option(name))
    .queryAllByRole('listitem')
    .map((item) => item.textContent?.replace(/, $/, ''));

describe('Poll', () => {
  it('shows the question, each option with its count, a bar for its share and who chose it', () => {
    const poll = makePoll({
      Yes: [voter('Ravi Kumar', '919800000001'), voter(null, '4915112345679'), voter(null, null, true)],
      No: [voter('Asha', '919800000002')],
      'Not yet': [],
    });
    // Shaped as the server will send it.
    expect(pollState.parse(poll)).toEqual(poll);
    render(<Poll poll={poll} />);
    expect(screen.getByRole('region', { name: 'Poll: Did we solve your problem?' })).toBeTruthy();
    expect(screen.getByText(POLL_TEXT.selectOne)).toBeTruthy();
    expect(screen.queryByText(POLL_TEXT.selectMany)).toBeNull();
    const options = screen.getByRole('list', { name: 'Options' }).querySelectorAll('[data-poll-option]');
    expect([...options].map((item) => item.getAttribute('data-poll-option'))).toEqual([
      'Yes',
      'No',
      'Not yet',
    ]);
    expect([count('Yes'), count('No'), count('Not yet')]).toEqual(['3 votes', '1 vote', '0 votes']);
    expect([share('Yes'), share('No'), share('Not yet')]).toEqual(['75%', '25%', '0%']);
    expect(voterNames('Yes')).toEqual(['Ravi Kumar', '+49 1511 2345679', POLL_TEXT.you]);
    expect(screen.getByRole('list', { name: 'Who chose No' }).textContent).toBe('Asha');
    expect(screen.queryByRole('list', { name: 'Who chose Not yet' })).toBeNull();
    expect(screen.getByText('4 voters')).toBeTruthy();
    expect(screen.queryByText(pollMessages.notCountable)).toBeNull();
  });

  it('says several options may be chosen, and counts each voter once however many they chose', () => {
    const both = voter('Ravi Kumar', '919800000001');
    render(<Poll poll={makePoll({ Tea: [both], Coffee: [both, voter('Asha')] }, { multiple: true })} />);
    expect(screen.getByText(POLL_TEXT.selectMany)).toBeTruthy();
    expect(screen.getByText('2 voters')).toBeTruthy();
    expect([share('Tea'), share('Coffee')]).toEqual(['50%', '100%']);
  });

  it('folds voters past the first few into "and N more", which unfolds them', async () => {
    const many = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => voter(name));
    render(<Poll poll={makePoll({ Yes: many, No: many.slice(0, 4) })} />);
    expect(voterNames('Yes')).toEqual(['A', 'B', 'C']);
    // Four names fit: no "and 1 more" for a single name.
    expect(voterNames('No')).toEqual(['A', 'B', 'C', 'D']);
    const more = within(option('Yes')).getByRole('button', { name: POLL_TEXT.more(3) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(more);
    expect(voterNames('Yes')).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    const fewer = within(option('Yes')).getByRole('button', { name: POLL_TEXT.fewer });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    await userEvent.setup().click(fewer);
    expect(voterNames('Yes')).toEqual(['A', 'B', 'C']);
  });

  it('says "No votes yet" before anyone voted', () => {
    render(<Poll poll={makePoll({ Yes: [], No: [] })} />);
    expect(screen.getByText(POLL_TEXT.noVotes)).toBeTruthy();
    expect([count('Yes'), share('Yes')]).toEqual(['0 votes', '0%']);
  });

  it('shows a poll whose votes cannot be read without counts, saying why', () => {
    render(<Poll poll={makePoll({ Yes: [], No: [] }, { countable: false })} />);
    expect(screen.getByText(pollMessages.notCountable)).toBeTruthy();
    expect(option('Yes').textContent).toBe('Yes');
    expect(count('Yes')).toBeUndefined();
    expect(screen.queryByText(POLL_TEXT.noVotes)).toBeNull();
  });
});
