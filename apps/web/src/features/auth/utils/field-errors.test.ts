import { authMessages, loginRequest, registerRequest } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { validateFields } from './field-errors';

describe('validateFields', () => {
  it('reports required fields and the email message', () => {
    expect(
      validateFields(loginRequest, { username: '', password: '' }, ['username', 'password']).errors,
    ).toEqual({
      username: authMessages.required,
      password: authMessages.required,
    });
    expect(
      validateFields(loginRequest, { username: 'nope', password: 'x' }, ['username', 'password']).errors,
    ).toEqual({ username: 'Enter a valid email address.' });
  });

  it('returns the parsed data when valid', () => {
    const values = { email: ' A@Example.com ', password1: 'Secret#1', first_name: 'Asha', last_name: '' };
    const result = validateFields(registerRequest, values, ['email', 'password1', 'first_name']);
    expect(result.errors).toBeNull();
    expect(result.data).toEqual({
      email: 'a@example.com',
      password1: 'Secret#1',
      first_name: 'Asha',
      last_name: '',
    });
  });
});
