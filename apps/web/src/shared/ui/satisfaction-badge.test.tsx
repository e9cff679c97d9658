import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SatisfactionBadge } from './satisfaction-badge';

const ASKED_AT = '2024-03-05T10:00:00Z';

describe('SatisfactionBadge', () => {
  it('shows the score as "★ 4/5", named in words', () => {
    render(<SatisfactionBadge satisfaction={{ asked_at: ASKED_AT, score: 4 }} />);
    const badge = screen.getByRole('img', { name: 'Satisfaction: Good (4 of 5)' });
    expect(badge.textContent).toBe('★4/5');
  });

  it.each([
    [5, 'Excellent'],
    [3, 'Okay'],
    [1, 'Very poor'],
  ])('names a score of %i "%s"', (score, words) => {
    render(<SatisfactionBadge satisfaction={{ asked_at: ASKED_AT, score }} />);
    expect(screen.getByRole('img', { name: `Satisfaction: ${words} (${score} of 5)` })).toBeTruthy();
  });

  it('says "Rating asked" while the customer has not voted', () => {
    render(<SatisfactionBadge satisfaction={{ asked_at: ASKED_AT, score: null }} />);
    expect(screen.getByText('Rating asked').dataset.satisfaction).toBe('asked');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows nothing for a ticket no poll was sent for', () => {
    const { container } = render(<SatisfactionBadge satisfaction={null} />);
    expect(container.innerHTML).toBe('');
  });
});
