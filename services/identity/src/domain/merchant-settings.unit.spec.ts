import { describe, expect, it } from 'vitest';
import { whitelabelEnabled } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { applySettingsUpdate, flagOn, merchantSettingsSchema, registerFieldConfig, whitelabelTree } from './merchant-settings.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
};

describe('brand settings', () => {
  it('fills every key with a safe default', () => {
    const settings = merchantSettingsSchema.parse({});
    expect(settings.whitelabel).toEqual({ USERNAMEREG3: true });
    expect(settings.registration.username).toMatchObject({ enabled: true, required: true, patternId: 'LETTER_FIRST_ALNUM' });
    expect(settings.registration.email.enabled).toBe(false);
    expect(settings.regionRestriction).toEqual({ blockedIpRanges: [], blockedCountries: [] });
  });

  it('merges a stored field configuration over the defaults field by field', () => {
    const settings = merchantSettingsSchema.parse({ registration: { email: { enabled: true, required: true, patternId: 'EMAIL', minLength: 5, maxLength: 80 } } });
    expect(settings.registration.email).toMatchObject({ enabled: true, required: true });
    expect(settings.registration.password).toMatchObject({ patternId: 'PRINTABLE', minLength: 8, maxLength: 64 });
  });

  it('nests the mobile registration flags under MOBILENUMREG3 and honours the parent', () => {
    const tree = whitelabelTree({ MOBILENUMREG3: false, REGMOBVERF3: true, USERNAMEREG3: true });
    expect(tree.find((node) => node.modId === 'MOBILENUMREG3')?.childrenNodes.map((node) => node.modId)).toEqual(['REGMOBVERF3', 'MOBILENUMPASSREG3']);
    expect(whitelabelEnabled(tree, 'REGMOBVERF3')).toBe(false);
    expect(whitelabelEnabled(tree, 'USERNAMEREG3')).toBe(true);
    const settings = merchantSettingsSchema.parse({ whitelabel: { MOBILENUMREG3: false, REGMOBVERF3: true } });
    expect(flagOn(settings, 'REGMOBVERF3')).toBe(false);
    expect(registerFieldConfig(settings).verificationCode).toMatchObject({ enabled: false });
  });

  it('applies an operator change part by part and keeps what it does not name', () => {
    const stored = { whitelabel: { USERNAMEREG3: true, REWCEN3: true }, customerService: [{ csType: 'LIVECHAT', path: '', title: 'Chat' }] };
    const next = applySettingsUpdate(stored, { whitelabel: { MOBILENUMREG3: true }, maintenance: { enabled: true, endsAt: null } });
    expect(next).toMatchObject({ whitelabel: { USERNAMEREG3: true, REWCEN3: true, MOBILENUMREG3: true }, maintenance: { enabled: true, endsAt: null }, customerService: stored.customerService });
  });

  it('refuses changes the forms could not honour', () => {
    const rule = { enabled: true, required: true, patternId: 'ALNUM' as const, minLength: 6, maxLength: 20 };
    expect(refusal(() => applySettingsUpdate({}, { register: { username: { ...rule, required: false } } }))).toBe('MERCHANT_SETTINGS_INVALID');
    expect(refusal(() => applySettingsUpdate({}, { register: { password: { ...rule, minLength: 4 } } }))).toBe('MERCHANT_SETTINGS_INVALID');
    // The password policy's 8–64 may be narrowed, never widened.
    expect(refusal(() => applySettingsUpdate({}, { register: { password: { ...rule, patternId: 'PRINTABLE', minLength: 6, maxLength: 64 } } }))).toBe('MERCHANT_SETTINGS_INVALID');
    expect(refusal(() => applySettingsUpdate({}, { register: { password: { ...rule, patternId: 'PRINTABLE', minLength: 8, maxLength: 100 } } }))).toBe('MERCHANT_SETTINGS_INVALID');
    expect(applySettingsUpdate({}, { register: { password: { ...rule, patternId: 'PRINTABLE', minLength: 12, maxLength: 40 } } })).toMatchObject({
      registration: { password: { minLength: 12, maxLength: 40 } },
    });
    expect(refusal(() => applySettingsUpdate({}, { register: { captcha: rule } }))).toBe('MERCHANT_SETTINGS_INVALID');
    expect(refusal(() => applySettingsUpdate({}, { regionRestriction: { blockedIpRanges: ['1.2.3.4/40'], blockedCountries: [] } }))).toBe('MERCHANT_SETTINGS_INVALID');
  });
});
