import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { checkNewPassword, isRepetition, isSimpleSequence } from './passwords-policy.js';
import { deviceLabel } from './login-history.js';

const rule = { patternId: 'ALNUM' as const, minLength: 6, maxLength: 20 };
const codeOf = (newPassword: string, username = 'lucia88', confirmNewPassword = newPassword) => {
  try {
    checkNewPassword({ newPassword, confirmNewPassword, username, rule });
    return 'OK';
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('new password rules', () => {
  it.each([
    ['', 'INPUT_EMPTY'],
    ['abc12', 'PASSWORD_LENGTH'],
    ['a'.repeat(21), 'PASSWORD_LENGTH'],
    ['con espacio1', 'PASSWORD_FORMAT'],
    ['password', 'PASSWORD_TOO_WEAK'],
    ['Password1', 'PASSWORD_TOO_WEAK'],
    ['iloveyou', 'PASSWORD_TOO_WEAK'],
    ['lucia88', 'PASSWORD_TOO_WEAK'],
    ['LUCIA88x', 'PASSWORD_TOO_WEAK'],
    ['88aicul', 'PASSWORD_TOO_WEAK'],
    ['777777', 'PASSWORD_TOO_WEAK'],
    ['abcabcabc', 'PASSWORD_TOO_WEAK'],
    ['987654321', 'PASSWORD_TOO_WEAK'],
    ['ghijklmn', 'PASSWORD_TOO_WEAK'],
    ['acegikmo', 'PASSWORD_TOO_WEAK'],
    ['Vela7tormenta', 'OK'],
    ['Ruta9cometa', 'OK'],
  ])('%j → %s', (password, expected) => {
    expect(codeOf(password)).toBe(expected);
  });

  it('checks the confirmation after the rule and before strength', () => {
    expect(codeOf('Vela7tormenta', 'lucia88', 'Vela7torment')).toBe('CONFIRM_PASSWORD_MISMATCH');
    expect(codeOf('Vela7tormenta', 'lucia88', '')).toBe('INPUT_EMPTY');
    expect(codeOf('password', 'lucia88', 'passwore')).toBe('CONFIRM_PASSWORD_MISMATCH');
  });

  it('tells sequences and repetitions from ordinary words', () => {
    expect(isSimpleSequence('qwertyui')).toBe(true);
    expect(isSimpleSequence('zyxwvu')).toBe(true);
    expect(isSimpleSequence('mariposa')).toBe(false);
    expect(isRepetition('121212')).toBe(true);
    expect(isRepetition('12121x')).toBe(false);
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
