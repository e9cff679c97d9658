import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COUNTRY_SEARCH_DEBOUNCE_MS } from './country-picker';
import { PhoneInput } from './phone-input';
import { emptyPhone, type PhoneValue, toE164 } from './phone-number';

function Harness({ onValue }: { onValue?: (value: PhoneValue) => void }) {
  const [value, setValue] = useState(emptyPhone());
  return (
    <>
      <PhoneInput
        label="Phone Number"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="e164">{toE164(value)}</output>
    </>
  );
}

const box = () => screen.getByLabelText('Phone Number') as HTMLInputElement;

describe('PhoneInput', () => {
  it('starts in India with +91 shown outside the editable box', () => {
    render(<Harness />);
    expect(screen.getByTestId('phone-calling-code').textContent).toBe('+91');
    expect(screen.getByRole('button', { name: 'Country: India (+91)' })).toBeTruthy();
    expect(box().value).toBe('');
  });

  it('formats as typed, caps at 15 digits and keeps the code out of reach', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), '9876543210');
    expect(box().value).toBe('98765 43210');
    expect(screen.getByTestId('e164').textContent).toBe('+919876543210');

    await user.type(box(), '99999999');
    expect(screen.getByTestId('e164').textContent).toBe('+919876543210999'); // 15 digits
    // Erasing everything leaves the country code in place.
    await user.clear(box());
    expect(box().value).toBe('');
    expect(screen.getByTestId('phone-calling-code').textContent).toBe('+91');
  });

  it('backspace over a space of the mask removes the digit before it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), '9876543210');
    box().setSelectionRange(6, 6); // just after the space
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('e164').textContent).toBe('+91987643210');
  });

  it('searches countries 250 ms after the last key and switches the code', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.change(box(), { target: { value: '2079460958' } });
    fireEvent.click(screen.getByRole('button', { name: /Country: India/ }));
    const list = screen.getByRole('listbox', { name: 'Countries' });
    // Plain selectors: role queries over ~245 options are slow in jsdom.
    const options = () => [...list.querySelectorAll<HTMLElement>('[role=option]')];
    const all = options().length;
    expect(all).toBeGreaterThan(200);

    fireEvent.change(screen.getByRole('combobox', { name: 'Search country' }), {
      target: { value: 'united kingdom' },
    });
    act(() => vi.advanceTimersByTime(COUNTRY_SEARCH_DEBOUNCE_MS - 1));
    expect(options()).toHaveLength(all);
    act(() => vi.advanceTimersByTime(1));
    expect(options()).toHaveLength(1);
    expect(options()[0]?.textContent).toContain('+44');

    fireEvent.click(options()[0] as HTMLElement);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('phone-calling-code').textContent).toBe('+44');
    expect(box().value).toBe('20 7946 0958');
    expect(screen.getByTestId('e164').textContent).toBe('+442079460958');
  });

  it('picks the highlighted country with the keyboard and closes on Escape without bubbling', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: /Country: India/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(outer).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Country: India/ }));
    await user.keyboard('+971');
    await waitFor(() => expect(document.querySelectorAll('[role=option]')).toHaveLength(1));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('phone-calling-code').textContent).toBe('+971');
    document.removeEventListener('keydown', outer);
  });
});

describe('PhoneInput typed key by key in international form', () => {
  it('keeps "+" and the code as typed until the country is known, then switches to it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), '+');
    expect(box().value).toBe('+');
    await user.type(box(), '44');
    expect(box().value).toBe('+44');
    await user.type(box(), ' 20 7946 0958');
    expect(screen.getByTestId('phone-calling-code').textContent).toBe('+44');
    expect(screen.getByTestId('e164').textContent).toBe('+442079460958');
    expect(box().value).toBe('20 7946 0958');
  });

  it('"00" works like "+", and erasing an unfinished prefix empties the box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), '004');
    expect(box().value).toBe('004');
    await user.type(box(), '930123456');
    expect(screen.getByTestId('phone-calling-code').textContent).toBe('+49');
    await user.clear(box());
    await user.type(box(), '+4{Backspace}{Backspace}');
    expect(box().value).toBe('');
    // The country chosen by the number stays; only its digits are gone.
    expect(screen.getByTestId('e164').textContent).toBe('+49');
  });
});
