import { z } from 'zod';

/** Bodies of the public API. Fields are optional strings here: the owning service reports a missing one by name. */
const text = (max: number) => z.string().max(max).optional();

export const registerBodySchema = z.object({
  username: text(100),
  password: text(200),
  confirmPassword: text(200),
  registerUrl: text(1000),
  registerMethod: text(20),
  referralCode: text(50),
  language: text(10),
});

export const loginBodySchema = z.object({
  username: text(100),
  password: text(200),
  type: z.enum(['username', 'sms', '']).optional(),
  captcha: text(20),
  language: text(10),
});

export const demoDepositBodySchema = z.object({ amount: z.string().max(32) });

/** Success envelope of the public API. */
export interface SuccessEnvelope<T> {
  success: true;
  value: T;
}
