/**
 * Client-side checks that mirror the server's (spec section 5). The server stays the authority: its message is
 * shown whenever it refuses. Each check answers an i18n key plus interpolation values, or null when fine.
 */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 16;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;
const PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

export function required(value: string): FieldError | null {
  return value.trim() === '' ? { key: 'err_input_empty' } : null;
}

export function checkUsername(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { key: 'err_input_empty' };
  if (v.length < USERNAME_MIN || v.length > USERNAME_MAX || !USERNAME_PATTERN.test(v)) return { key: 'err_account_format' };
  return null;
}

export function checkPassword(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { key: 'err_input_empty' };
  if (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX)
    return { key: 'err_password_length', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } };
  if (!PASSWORD_PATTERN.test(v)) return { key: 'err_password_format' };
  return null;
}

export function checkConfirm(password: string, confirm: string): FieldError | null {
  const c = confirm.trim();
  if (!c) return { key: 'err_input_empty' };
  if (c !== password.trim()) return { key: 'err_confirm_password' };
  return null;
}
