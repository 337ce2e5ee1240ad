import { z } from 'zod';
import {
  acceptedPattern,
  PASSWORD_POLICY,
  passwordBounds,
  REGISTER_CONFIG_FIELDS,
  registerFieldRuleSchema,
  WHITELABEL_FLAGS,
  type MerchantSettingsUpdate,
  type RegisterConfigField,
  type RegisterFieldConfig,
  type RegisterFieldRule,
  type WhitelabelNode,
} from '@wps/contracts';
import { AppError } from '@wps/platform';
import { cidrIsValid } from './ip.js';

export { WHITELABEL_FLAGS } from '@wps/contracts';

const off = (patternId: RegisterFieldRule['patternId'], minLength: number, maxLength: number): RegisterFieldRule => ({
  enabled: false,
  required: false,
  patternId,
  minLength,
  maxLength,
});

/** A brand without its own configuration asks for username and password only, and accepts invitation codes. */
export const DEFAULT_REGISTER_FIELDS: Record<RegisterConfigField, RegisterFieldRule> = {
  username: { enabled: true, required: true, patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 },
  // NIST SP 800-63B: any printable characters, spaces included, 8 to 64 (a brand may tighten, never loosen).
  password: { enabled: true, required: true, patternId: 'PRINTABLE', minLength: 8, maxLength: 64 },
  payeeName: off('FULL_NAME', 3, 50),
  email: off('EMAIL', 6, 100),
  qqNum: off('DIGITS', 5, 12),
  mobileNum: off('PHONE', 7, 15),
  recommenderId: off('ALNUM', 1, 30),
  captcha: off('ALNUM', 4, 6),
  affiliateCode: { enabled: true, required: false, patternId: 'ALNUM', minLength: 1, maxLength: 30 },
  referralCode: { enabled: true, required: false, patternId: 'ALNUM', minLength: 1, maxLength: 30 },
  paymentPassword: off('ALNUM', 6, 20),
  line: off('NO_SPACES', 1, 50),
  whatsapp: off('PHONE', 7, 15),
  facebook: off('NO_SPACES', 1, 100),
  wechat: off('NO_SPACES', 1, 50),
  idNumber: off('ALNUM', 5, 30),
};

/** Stored configuration is merged over the defaults field by field, so a brand stores only what it changed. */
const registerFieldsSchema = z
  .partialRecord(z.enum(REGISTER_CONFIG_FIELDS), registerFieldRuleSchema)
  .default({})
  .transform((stored) => ({ ...DEFAULT_REGISTER_FIELDS, ...stored }));

/** Per-brand settings stored as JSON beside the merchant; every key has a safe default. */
/** A brand's session limits when its settings name none. */
export const DEFAULT_SESSION_SETTINGS = { idleMinutes: 30, absoluteHours: 12 } as const;

export const merchantSettingsSchema = z.object({
  whitelabel: z.record(z.string(), z.boolean()).default({ USERNAMEREG3: true }),
  maintenance: z.object({ enabled: z.boolean(), endsAt: z.string().nullable() }).default({ enabled: false, endsAt: null }),
  regionRestriction: z.object({ blockedIpRanges: z.array(z.string()).default([]), blockedCountries: z.array(z.string()).default([]) }).default({ blockedIpRanges: [], blockedCountries: [] }),
  customerService: z.array(z.object({ csType: z.string(), path: z.string(), title: z.string() })).default([]),
  domainRoute: z.array(z.string()).default([]),
  resources: z.array(z.object({ resourceType: z.string(), labelNameEn: z.string(), labelNameCn: z.string(), url: z.string() })).default([]),
  mainDomain: z.string().default(''),
  imageCDNs: z.array(z.string()).default([]),
  launchGameCDNs: z.array(z.string()).default([]),
  /** The dialing code a mobile number without one belongs to. */
  defaultDialingCode: z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .default('52'),
  session: z.object({ idleMinutes: z.number().int().min(1), absoluteHours: z.number().int().min(1) }).default(DEFAULT_SESSION_SETTINGS),
  /** 0 means passwords do not expire. */
  passwordMaxAgeDays: z.number().int().min(0).default(0),
  /** Passwords and sessions: at most one session per member; a new sign-in ends the older ones. */
  singleSession: z.boolean().default(false),
  /** The registration field configuration (spec section 3); `registration.password` is the brand's password rule. */
  registration: registerFieldsSchema,
  // Second factors: new-IP verification, two-factor for agents, social login providers (secrets come from env).
  newIpVerification: z
    .object({ enabled: z.boolean(), methods: z.array(z.enum(['mobile', 'email', 'bankAccountName', 'authenticator'])) })
    .default({ enabled: false, methods: ['mobile', 'email', 'bankAccountName', 'authenticator'] }),
  twoFactor: z.object({ requiredForAgents: z.boolean() }).default({ requiredForAgents: false }),
  socialLogin: z
    .array(z.object({ provider: z.enum(['line', 'facebook', 'google']), clientId: z.string().min(1), issuer: z.string().url(), scope: z.string().default('openid profile email') }))
    .default([]),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

/** Flags that only mean something under another: mobile verification and mobile password belong to mobile registration. */
const WHITELABEL_PARENT: Partial<Record<(typeof WHITELABEL_FLAGS)[number], (typeof WHITELABEL_FLAGS)[number]>> = {
  REGMOBVERF3: 'MOBILENUMREG3',
  MOBILENUMPASSREG3: 'MOBILENUMREG3',
};

export function whitelabelTree(flags: Record<string, boolean>): WhitelabelNode[] {
  const node = (modId: string): WhitelabelNode => ({
    modId,
    enabled: flags[modId] ? '1' : '0',
    childrenNodes: WHITELABEL_FLAGS.filter((child) => WHITELABEL_PARENT[child] === modId).map(node),
  });
  return WHITELABEL_FLAGS.filter((flag) => !WHITELABEL_PARENT[flag]).map(node);
}

/** Whether a flag is effectively on: its parent (if any) must be on too. */
export function flagOn(settings: MerchantSettings, flag: (typeof WHITELABEL_FLAGS)[number]): boolean {
  const parent = WHITELABEL_PARENT[flag];
  return Boolean(settings.whitelabel[flag]) && (parent ? Boolean(settings.whitelabel[parent]) : true);
}

/** The registration field configuration the client renders its forms from (`/wps/system/setting/register`). */
export function registerFieldConfig(settings: MerchantSettings): Record<string, RegisterFieldConfig> {
  const config = (rule: RegisterFieldRule): RegisterFieldConfig => ({
    enabled: rule.enabled,
    required: rule.required,
    acceptedPattern: acceptedPattern(rule.patternId),
    patternId: rule.patternId,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
  });
  const fields: Record<string, RegisterFieldConfig> = {};
  for (const field of REGISTER_CONFIG_FIELDS) fields[field] = config(settings.registration[field]);
  // The password's bounds as they apply: the brand's within the policy's.
  fields.password = { ...fields.password!, ...passwordBounds(settings.registration.password) };
  fields.confirmPassword = fields.password;
  // The spec: the verification code field takes 0-255 characters; it is shown when SMS verification is on.
  fields.verificationCode = { enabled: flagOn(settings, 'REGMOBVERF3'), required: flagOn(settings, 'REGMOBVERF3'), acceptedPattern: '*', patternId: 'ANY', minLength: 0, maxLength: 255 };
  return fields;
}

const settingsError = (reason: string) => new AppError('MERCHANT_SETTINGS_INVALID', { params: { reason }, field: reason.split(':')[0] });

/**
 * Applies an operator's change to stored settings. Parts not named stay as they are; a change the registration forms
 * could not honour (no username or password, a captcha nobody checks, a malformed address range) is refused whole.
 */
export function applySettingsUpdate(stored: Record<string, unknown>, update: MerchantSettingsUpdate): Record<string, unknown> {
  const next: Record<string, unknown> = { ...stored };
  if (update.whitelabel) next.whitelabel = { ...merchantSettingsSchema.parse(stored).whitelabel, ...update.whitelabel };
  if (update.register) {
    const storedRegister = (typeof stored.registration === 'object' && stored.registration ? stored.registration : {}) as Record<string, unknown>;
    next.registration = { ...storedRegister, ...update.register };
  }
  if (update.maintenance) next.maintenance = update.maintenance;
  if (update.security) for (const [part, value] of Object.entries(update.security)) if (value !== undefined) next[part] = value;
  if (update.regionRestriction) {
    const invalid = update.regionRestriction.blockedIpRanges.find((range) => !cidrIsValid(range));
    if (invalid !== undefined) throw settingsError(`blockedIpRanges: ${invalid} is not an IPv4 address or CIDR block`);
    next.regionRestriction = update.regionRestriction;
  }
  const parsed = merchantSettingsSchema.parse(next);
  const { username, password, captcha } = parsed.registration;
  if (!username.enabled || !username.required) throw settingsError('register.username: the username must stay enabled and required');
  if (!password.enabled || !password.required) throw settingsError('register.password: the password must stay enabled and required');
  if (password.minLength < PASSWORD_POLICY.minLength || password.maxLength > PASSWORD_POLICY.maxLength) {
    throw settingsError(`register.password: passwords take ${PASSWORD_POLICY.minLength} to ${PASSWORD_POLICY.maxLength} characters; a brand may only narrow that`);
  }
  // No captcha check is wired into registration yet; accepting the field without checking it would be a false guard.
  if (captcha.enabled) throw settingsError('register.captcha: the registration captcha is not available');
  return next;
}

/** The operator's view of a brand's configuration. */
export function settingsView(merchantCode: string, settings: MerchantSettings) {
  return {
    merchantCode,
    whitelabel: Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, Boolean(settings.whitelabel[flag])])),
    register: settings.registration,
    maintenance: settings.maintenance,
    regionRestriction: settings.regionRestriction,
    security: {
      session: settings.session,
      singleSession: settings.singleSession,
      passwordMaxAgeDays: settings.passwordMaxAgeDays,
      newIpVerification: settings.newIpVerification,
      twoFactor: settings.twoFactor,
      socialLogin: settings.socialLogin,
    },
  };
}
