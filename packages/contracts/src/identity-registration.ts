import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta, loginResultSchema } from './identity-common.js';
import { PATTERN_IDS, type PatternId } from './patterns.js';

/** The whitelabel flags of the spec (section 3); a brand turns modules on and off with them. */
export const WHITELABEL_FLAGS = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'USERNAMEREG3',
  'CHNGPASSMAIL3',
  'CHNGPASSVERIF3',
  'REWCEN3',
  'AGENTPOLICY3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() => z.object({ modId: z.string(), enabled: z.enum(['1', '0']), childrenNodes: z.array(whitelabelNodeSchema) }));

/** Whether a flag is on in a whitelabel tree: the node and every node above it enabled. */
export function whitelabelEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.enabled === '1' && whitelabelEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

/** The registration fields a brand can configure (spec section 3); confirmPassword follows password. */
export const REGISTER_CONFIG_FIELDS = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'affiliateCode',
  'referralCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type RegisterConfigField = (typeof REGISTER_CONFIG_FIELDS)[number];

export const patternIdSchema = z.enum(PATTERN_IDS as [PatternId, ...PatternId[]]);

export const registerFieldRuleSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    patternId: patternIdSchema,
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(1).max(255),
  })
  .refine((rule) => rule.minLength <= rule.maxLength, { message: 'minLength must not exceed maxLength' })
  .refine((rule) => rule.enabled || !rule.required, { message: 'a required field must be enabled' });
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;

/** What the client renders a field from: the rule plus the pattern's source ('*' = anything). */
export const registerFieldConfigSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type RegisterFieldConfig = z.infer<typeof registerFieldConfigSchema>;
export const registerSettingsSchema = z.record(z.string(), registerFieldConfigSchema);

export const maintenanceSchema = z.object({ enabled: z.boolean(), endsAt: z.iso.datetime({ offset: true }).nullable() });
export const regionRestrictionSchema = z.object({
  blockedIpRanges: z.array(z.string().max(50)).max(500),
  blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 two-letter country code')).max(250),
});

/** The brand configuration an operator reads and changes. */
/** Sign-in and session policy of a brand: timeouts, single session, password expiry, second factors, social providers. */
export const securitySettingsSchema = z
  .object({
    session: z.object({ idleMinutes: z.number().int().min(1).max(1440), absoluteHours: z.number().int().min(1).max(720) }),
    singleSession: z.boolean(),
    /** 0: passwords do not expire. */
    passwordMaxAgeDays: z.number().int().min(0).max(3650),
    newIpVerification: z.object({ enabled: z.boolean(), methods: z.array(z.enum(['mobile', 'email', 'bankAccountName', 'authenticator'])).min(1) }),
    twoFactor: z.object({ requiredForAgents: z.boolean() }),
    /** Client secrets are never stored here: they come from the environment (SOCIAL_CLIENT_SECRETS). */
    socialLogin: z.array(z.object({ provider: z.enum(['line', 'facebook', 'google']), clientId: z.string().min(1).max(200), issuer: z.string().url(), scope: z.string().max(500).optional() })),
  })
  .strict();
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const merchantSettingsViewSchema = z.object({
  merchantCode: z.string(),
  whitelabel: z.record(z.string(), z.boolean()),
  register: z.record(z.string(), registerFieldRuleSchema),
  maintenance: maintenanceSchema,
  regionRestriction: regionRestrictionSchema,
  security: securitySettingsSchema,
});
export type MerchantSettingsView = z.infer<typeof merchantSettingsViewSchema>;

/** Each part given replaces that part; whitelabel and register are merged flag by flag and field by field. */
export const merchantSettingsUpdateSchema = z
  .object({
    whitelabel: z.partialRecord(z.enum(WHITELABEL_FLAGS), z.boolean()).optional(),
    register: z.partialRecord(z.enum(REGISTER_CONFIG_FIELDS), registerFieldRuleSchema).optional(),
    maintenance: maintenanceSchema.optional(),
    regionRestriction: regionRestrictionSchema.optional(),
    /** Merged part by part: a part given replaces that part. */
    security: securitySettingsSchema.partial().optional(),
  })
  .strict();
export type MerchantSettingsUpdate = z.infer<typeof merchantSettingsUpdateSchema>;

// ---- Public bodies (fields are optional strings: the service reports a missing one by name) ----------------------

const text = (max: number) => z.string().max(max).optional();

const profileFields = {
  payeeName: text(100),
  email: text(255),
  qqNum: text(50),
  mobileNum: text(30),
  countryDialingCode: text(8),
  recommenderId: text(50),
  captcha: text(20),
  verificationCode: text(255),
  affiliateCode: text(50),
  referralCode: text(50),
  paymentPassword: text(100),
  line: text(100),
  whatsapp: text(50),
  facebook: text(100),
  wechat: text(100),
  idNumber: text(50),
  domain: text(255),
  registerUrl: text(1000),
  registerMethod: text(20),
  /** The 18+ and terms confirmation of the form. */
  acceptTerms: z.boolean().optional(),
  login: z.boolean().optional(),
  language: text(10),
};

export const registerUserBodySchema = z.object({ username: text(100), password: text(200), confirmPassword: text(200), ...profileFields });
export type RegisterUserBody = z.infer<typeof registerUserBodySchema>;
export const registerMobileBodySchema = registerUserBodySchema;

export const smsRegisterBodySchema = z.object({ mobileNo: text(30), countryDialingCode: text(8), regType: text(20), language: text(10) });
export const affiliateCheckSchema = z.object({ code: text(50), domain: text(255), language: text(10) });

// ---- Calls ---------------------------------------------------------------------------------------------------

const brandHint = { merchantCode: z.string().optional(), host: z.string().optional() };
const { language: _language, login: _login, ...registerFields } = registerUserBodySchema.shape;
const registerInput = z.object({ ...brandHint, ...registerFields, ...clientMeta });
export type RegisterInput = z.infer<typeof registerInput>;

/** Registration and brand configuration calls. */
export const registrationRpcMethods = defineRpc({
  /** Username registration (USERNAMEREG3); answers like a login. */
  register: { input: registerInput, output: loginResultSchema },
  /** Mobile registration (MOBILENUMREG3) with an SMS code; the account is the full international number. */
  registerMobile: { input: registerInput, output: loginResultSchema },
  sendRegisterSms: {
    input: z.object({
      ...brandHint,
      mobileNo: z.string(),
      countryDialingCode: z.string(),
      regType: z.string().optional(),
      language: z.enum(['EN', 'ES']).optional(),
      ...clientMeta,
    }),
    output: z.object({ expiredMinutes: z.number() }),
  },
  /** Succeeds for the code of an active agent of the brand; AFFILIATE_CODE_INVALID otherwise. */
  checkAffiliateCode: {
    input: z.object({ ...brandHint, code: z.string(), domain: z.string().optional(), ...clientMeta }),
    output: z.object({ code: z.string(), valid: z.literal(true) }),
  },
  getWhitelabel: { input: z.object(brandHint), output: z.array(whitelabelNodeSchema) },
  getRegisterSettings: { input: z.object(brandHint), output: registerSettingsSchema },
  getDomainRoute: { input: z.object(brandHint), output: z.array(z.string()) },
  operatorGetMerchantSettings: { input: z.object({ merchantCode: z.string() }), output: merchantSettingsViewSchema },
  operatorUpdateMerchantSettings: {
    input: z.object({ merchantCode: z.string(), update: merchantSettingsUpdateSchema, operator: z.string() }),
    output: merchantSettingsViewSchema,
  },
});
