import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { validateRegistration, usernameKey } from './registration.js';

const failure = (input: { username: string; password: string; confirmPassword: string }) => {
  try {
    validateRegistration(input);
  } catch (error) {
    return { code: (error as AppError).code, field: (error as AppError).options.field, message: (error as AppError).message };
  }
  return undefined;
};

describe('validateRegistration', () => {
  it('accepts a well-formed registration and trims the username', () => {
    expect(validateRegistration({ username: '  Lucia2024 ', password: 'secret12', confirmPassword: 'secret12' })).toEqual({ username: 'Lucia2024', password: 'secret12' });
  });

  it.each([
    [{ username: '', password: 'secret12', confirmPassword: 'secret12' }, 'INPUT_EMPTY', 'username'],
    [{ username: 'lucia', password: '', confirmPassword: 'secret12' }, 'INPUT_EMPTY', 'password'],
    [{ username: 'lucia', password: 'secret12', confirmPassword: '' }, 'INPUT_EMPTY', 'confirmPassword'],
    [{ username: '1lucia', password: 'secret12', confirmPassword: 'secret12' }, 'ACCOUNT_FORMAT', 'username'],
    [{ username: 'luc', password: 'secret12', confirmPassword: 'secret12' }, 'ACCOUNT_FORMAT', 'username'],
    [{ username: 'lucia_x', password: 'secret12', confirmPassword: 'secret12' }, 'ACCOUNT_FORMAT', 'username'],
    [{ username: 'a'.repeat(17), password: 'secret12', confirmPassword: 'secret12' }, 'ACCOUNT_FORMAT', 'username'],
    [{ username: 'lucia', password: 'abc', confirmPassword: 'abc' }, 'PASSWORD_LENGTH', 'password'],
    [{ username: 'lucia', password: 'x'.repeat(21), confirmPassword: 'x'.repeat(21) }, 'PASSWORD_LENGTH', 'password'],
    [{ username: 'lucia', password: 'secret 12', confirmPassword: 'secret 12' }, 'PASSWORD_FORMAT', 'password'],
    [{ username: 'lucia', password: 'secret12', confirmPassword: 'secret13' }, 'CONFIRM_PASSWORD_MISMATCH', 'confirmPassword'],
  ])('refuses %j with %s on %s', (input, code, field) => {
    expect(failure(input)).toMatchObject({ code, field });
  });

  it('puts the configured bounds into the password length message', () => {
    expect(failure({ username: 'lucia', password: 'abc', confirmPassword: 'abc' })?.message).toBe('Please fill in your password with 6 - 20 characters');
  });

  it('compares usernames without case', () => {
    expect(usernameKey(' Lucia ')).toBe(usernameKey('lucia'));
  });
});
