import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { isRepetition, isSimpleSequence, passwordBounds, passwordStrength } from '@wps/contracts';
import { commonPasswordCount } from '../infra/common-passwords.js';
import { checkNewPassword, passwordFailsPolicy, type PasswordRule } from './passwords-policy.js';
import { deviceLabel } from './login-history.js';

// The default rule (any printable character, 8–64) and a brand's stricter one.
const rule: PasswordRule = { patternId: 'PRINTABLE', minLength: 8, maxLength: 64 };
const codeOf = async (newPassword: string, username = 'lucia88', confirmNewPassword = newPassword, withRule = rule) => {
  try {
    await checkNewPassword({ newPassword, confirmNewPassword, username, rule: withRule });
    return 'OK';
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('new password rules (NIST SP 800-63B)', () => {
  it.each([
    ['', 'INPUT_EMPTY'],
    ['abc1234', 'PASSWORD_LENGTH'],
    ['a'.repeat(65), 'PASSWORD_LENGTH'],
    ['ab\u0000cdefgh', 'PASSWORD_FORMAT'],
    ['123456', 'PASSWORD_LENGTH'],
    ['12345678', 'PASSWORD_TOO_WEAK'],
    ['password1', 'PASSWORD_TOO_WEAK'],
    ['Password1', 'PASSWORD_TOO_WEAK'],
    ['qwerty123', 'PASSWORD_TOO_WEAK'],
    ['11111111', 'PASSWORD_TOO_WEAK'],
    ['iloveyou', 'PASSWORD_TOO_WEAK'],
    ['lucia88lucia', 'PASSWORD_TOO_WEAK'],
    ['LUCIA88x!', 'PASSWORD_TOO_WEAK'],
    ['88aicul-', 'PASSWORD_TOO_WEAK'],
    ['abcabcabc', 'PASSWORD_TOO_WEAK'],
    ['987654321', 'PASSWORD_TOO_WEAK'],
    ['ghijklmn', 'PASSWORD_TOO_WEAK'],
    ['acegikmo', 'PASSWORD_TOO_WEAK'],
    ['Blue canoe, 7 rivers & a kite!', 'OK'],
    ['contraseña de la tía 🙂', 'OK'],
    ['Vela7tormenta', 'OK'],
    ['Ruta9cometa', 'OK'],
  ])('%j → %s', async (password, expected) => {
    expect(await codeOf(password)).toBe(expected);
  });

  it('checks the confirmation after the rule and before strength', async () => {
    expect(await codeOf('Vela7tormenta', 'lucia88', 'Vela7torment')).toBe('CONFIRM_PASSWORD_MISMATCH');
    expect(await codeOf('Vela7tormenta', 'lucia88', '')).toBe('INPUT_EMPTY');
    expect(await codeOf('password', 'lucia88', 'passwore')).toBe('CONFIRM_PASSWORD_MISMATCH');
  });

  it('lets a brand tighten the bounds and its pattern, never loosen them below the policy', async () => {
    expect(passwordBounds({ minLength: 6, maxLength: 20 })).toEqual({ minLength: 8, maxLength: 20 });
    expect(passwordBounds({ minLength: 12, maxLength: 200 })).toEqual({ minLength: 12, maxLength: 64 });
    expect(passwordBounds({ minLength: 30, maxLength: 10 })).toEqual({ minLength: 30, maxLength: 30 });
    expect(await codeOf('Ruta9cometa', 'lucia88', 'Ruta9cometa', { patternId: 'PRINTABLE', minLength: 12, maxLength: 64 })).toBe('PASSWORD_LENGTH');
    expect(await codeOf('Blue canoe 7', 'lucia88', 'Blue canoe 7', { patternId: 'ALNUM', minLength: 6, maxLength: 20 })).toBe('PASSWORD_FORMAT');
  });

  it('reads the bundled list of over 100,000 common and breached passwords', async () => {
    expect(await commonPasswordCount()).toBeGreaterThan(100_000);
    expect(await passwordFailsPolicy('sunshine1', 'maria', rule)).toBe(true);
    expect(await passwordFailsPolicy('Faro4marea', 'maria', rule)).toBe(false);
    // Too short for today's policy, though accepted under an older one: the member is asked to change it.
    expect(await passwordFailsPolicy('Faro4', 'maria', rule)).toBe(true);
  });

  it('tells sequences and repetitions from ordinary words', () => {
    expect(isSimpleSequence('qwertyui')).toBe(true);
    expect(isSimpleSequence('zyxwvu')).toBe(true);
    expect(isSimpleSequence('mariposa')).toBe(false);
    expect(isRepetition('121212')).toBe(true);
    expect(isRepetition('12121x')).toBe(false);
  });

  it('scores strength for the meter: refused, then weak to strong', () => {
    expect(passwordStrength('12345678', 'maria')).toBe(0);
    expect(passwordStrength('short', 'maria')).toBe(0);
    expect(passwordStrength('mariposa', 'maria')).toBe(1);
    expect(passwordStrength('Faro4marea', 'maria')).toBe(3);
    expect(passwordStrength('Blue canoe, 7 rivers & a kite!', 'maria')).toBe(4);
  });
});

describe('device label', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS (mobile)'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on macOS'],
    ['curl/8.5.0', 'Other'],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('is null without a user agent', () => {
    expect(deviceLabel(undefined)).toBeNull();
  });
});
