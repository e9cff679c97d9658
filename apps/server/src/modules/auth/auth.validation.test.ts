import { authMessages, loginRequest, registerRequest } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';

// The server validates with the shared contract; these pin the validation rules and the texts the API answers
// with (packages/contract/src/auth.ts).
const valid = { email: 'ann@example.com', password1: 'Secret!A', first_name: 'Ann', last_name: 'Lee' };
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registerRequest', () => {
  it('accepts a valid registration and normalises the email', () => {
    const parsed = registerRequest.parse({ ...valid, email: '  Ann@Example.COM ' });
    expect(parsed.email).toBe('ann@example.com');
  });

  it('defaults last_name to an empty string', () => {
    const { last_name: _omitted, ...withoutLastName } = valid;
    expect(registerRequest.parse(withoutLastName).last_name).toBe('');
  });

  it.each([
    [{ email: 'not-an-email' }, authMessages.invalidEmail],
    [{ email: 42 }, authMessages.invalidEmail],
    [{ password1: 'Ab!12' }, authMessages.passwordLength],
    [{ password1: 'secret!a' }, authMessages.passwordShape],
    [{ password1: 'SecretAA' }, authMessages.passwordShape],
    [{ first_name: ' Al ' }, authMessages.firstNameLength],
    [{ first_name: undefined }, authMessages.firstNameLength],
  ])('rejects %o with the catalogue message', (change, message) => {
    expect(firstError(registerRequest.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts every special character the specification lists', () => {
    for (const special of '!@#$%^&*(),.?":{}|<>') {
      expect(registerRequest.safeParse({ ...valid, password1: `Secret${special}` }).success).toBe(true);
    }
  });
});

describe('loginRequest', () => {
  it('needs a valid email and a non-empty password, which it does not otherwise check', () => {
    expect(loginRequest.parse({ username: ' Ann@Example.com', password: 'x' })).toEqual({
      username: 'ann@example.com',
      password: 'x',
    });
    expect(firstError(loginRequest.safeParse({ username: 'ann', password: 'x' }))).toBe(
      authMessages.invalidEmail,
    );
    expect(firstError(loginRequest.safeParse({ username: 'ann@example.com', password: '' }))).toBe(
      'Enter your password.',
    );
  });
});
