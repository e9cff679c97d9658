import { describe, expect, it } from 'vitest';
import { inboxActionOf } from './shortcuts';

const press = (key: string, extra: Partial<Parameters<typeof inboxActionOf>[0]> = {}) =>
  inboxActionOf({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: document.body,
    defaultPrevented: false,
    ...extra,
  });

describe('inboxActionOf', () => {
  it('maps j, k, r, e, a and ? to their actions', () => {
    expect(['j', 'k', 'r', 'e', 'a', '?'].map((key) => press(key))).toEqual([
      'next',
      'previous',
      'reply',
      'close',
      'assignToMe',
      'help',
    ]);
    expect(press('x')).toBeNull();
    expect(press('J')).toBeNull();
  });

  it('never fires while typing in a field or with a modifier held', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      expect(press('e', { target: document.createElement(tag) })).toBeNull();
    }
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(press('e', { target: editable })).toBeNull();
    const search = document.createElement('input');
    search.type = 'search';
    expect(press('j', { target: search })).toBeNull();
    expect(press('e', { ctrlKey: true })).toBeNull();
    expect(press('a', { metaKey: true })).toBeNull();
    expect(press('j', { altKey: true })).toBeNull();
    expect(press('j', { defaultPrevented: true })).toBeNull();
  });

  it('works with the focus on a checkbox or a button of the list', () => {
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(press('j', { target: checkbox })).toBe('next');
    expect(press('e', { target: document.createElement('button') })).toBe('close');
  });
});
