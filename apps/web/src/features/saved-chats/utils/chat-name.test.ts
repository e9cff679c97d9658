import { describe, expect, it } from 'vitest';
import { checkChatName, cutChatName } from './chat-name';

describe('cutChatName', () => {
  it('keeps names up to 45 characters and cuts longer ones to 45 followed by ...', () => {
    const exact = 'a'.repeat(45);
    expect(cutChatName(exact)).toBe(exact);
    expect(cutChatName(`${exact}b`)).toBe(`${exact}...`);
    expect(cutChatName('Family group')).toBe('Family group');
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const name = `${'x'.repeat(44)}🎉🎉`;
    expect(cutChatName(name)).toBe(`${'x'.repeat(44)}🎉...`);
  });
});

describe('checkChatName', () => {
  it('trims the name and refuses an empty or whitespace one with the catalogue’s words', () => {
    expect(checkChatName('  Trip 2024 ')).toEqual({ ok: true, name: 'Trip 2024' });
    expect(checkChatName('')).toEqual({ ok: false, message: 'Please enter a valid name for your chat!' });
    expect(checkChatName(' \t ')).toEqual({ ok: false, message: 'Please enter a valid name for your chat!' });
    expect(checkChatName('x'.repeat(201))).toEqual({
      ok: false,
      message: 'The chat name must be at most 200 characters long.',
    });
  });
});
