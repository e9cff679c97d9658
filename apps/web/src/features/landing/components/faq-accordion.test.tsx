import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS, WHATSAPP_EXPORT_HELP_URL } from '@/features/landing/content';
import { FaqAccordion } from './faq-accordion';

const expanded = () =>
  screen.getAllByRole('button').map((button) => button.getAttribute('aria-expanded') === 'true');

describe('FaqAccordion', () => {
  it('starts closed and keeps at most one answer open', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ_ITEMS} />);
    const [first, second] = screen.getAllByRole('button');
    if (!first || !second) throw new Error('expected FAQ items');
    expect(expanded().some(Boolean)).toBe(false);

    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');

    await user.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(expanded().filter(Boolean)).toHaveLength(1);

    await user.click(second);
    expect(expanded().some(Boolean)).toBe(false);
  });

  it('shows the answer of the open item only', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ_ITEMS} />);
    const answer = screen.getByText(/10,000 latest messages/);
    expect(answer.closest('section')?.hidden).toBe(true);
    await user.click(screen.getByRole('button', { name: 'How many messages can an export hold?' }));
    expect(answer.closest('section')?.hidden).toBe(false);
    expect(answer.textContent).toMatch(/40,000/);
    expect(screen.getByText(/Both text and media analysis/).closest('section')?.hidden).toBe(true);
  });

  it('links the Android answer to WhatsApp help', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ_ITEMS} />);
    await user.click(screen.getByRole('button', { name: 'How do I export a chat on Android?' }));
    expect(screen.getByRole('link', { name: /WhatsApp's help page/ }).getAttribute('href')).toBe(
      WHATSAPP_EXPORT_HELP_URL,
    );
  });
});
