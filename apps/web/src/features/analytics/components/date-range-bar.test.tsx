import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeBar } from './date-range-bar';

const bounds = { first: '2024-03-04', last: '2024-03-12' };

describe('DateRangeBar', () => {
  it("shows the days in the product's form, not the browser's", () => {
    render(<DateRangeBar range={{ from: '2024-03-05' }} bounds={bounds} onChange={() => {}} />);
    expect(screen.getAllByTestId('date-field-text').map((text) => text.textContent)).toEqual([
      '5 Mar 2024',
      '12 Mar 2024',
    ]);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.type).toBe('date');
    expect(from.value).toBe('2024-03-05');
    expect(from.max).toBe('2024-03-12');
  });

  it('changes the range from the native field and opens its calendar on Enter', () => {
    const onChange = vi.fn();
    render(<DateRangeBar range={{}} bounds={bounds} onChange={onChange} />);
    const to = screen.getByLabelText('To') as HTMLInputElement;
    fireEvent.change(to, { target: { value: '2024-03-08' } });
    expect(onChange).toHaveBeenLastCalledWith({ to: '2024-03-08' });
    const showPicker = vi.fn();
    to.showPicker = showPicker;
    fireEvent.keyDown(to, { key: 'Enter' });
    expect(showPicker).toHaveBeenCalledOnce();
  });
});
