import { describe, expect, it } from 'vitest';
import { validationMessage } from './error-handler';

describe('validationMessage', () => {
  it('prefixes the field when the message is not a sentence and does not name it', () => {
    expect(validationMessage('/user/email', 'Too long')).toBe('user.email: Too long');
  });

  it("sends the contract's sentences without a field path", () => {
    expect(validationMessage('/email', 'Enter a valid email address.')).toBe('Enter a valid email address.');
    expect(validationMessage('/agent_name', 'Enter a name for the agent.')).toBe(
      'Enter a name for the agent.',
    );
  });

  it('keeps messages that already name the field as they are', () => {
    expect(validationMessage('/first_name', 'First Name must be 3 or more characters long.')).toBe(
      'First Name must be 3 or more characters long.',
    );
    expect(validationMessage('/password1', 'Password must be 6 or more characters long')).toBe(
      'Password must be 6 or more characters long',
    );
  });

  it('says a missing field is required', () => {
    expect(validationMessage('/refresh_token', 'Invalid input: expected string, received undefined')).toBe(
      'refresh_token: This field is required.',
    );
  });

  it('explains a body that is not an object', () => {
    expect(validationMessage('', 'Invalid input: expected object, received array')).toBe(
      'Request body must be a JSON object.',
    );
  });
});
