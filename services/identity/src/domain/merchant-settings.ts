import { z } from 'zod';
import { DEFAULT_REGISTRATION_RULES } from './registration.js';

/** The whitelabel flags of the spec (section 3); the brand turns modules on and off with them. */
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

const fieldRule = z.object({
  patternId: z.enum(['LETTER_FIRST_ALNUM', 'ALNUM']),
  minLength: z.number().int().min(1),
  maxLength: z.number().int().min(1),
});

/** Per-brand settings stored as JSON beside the merchant; every key has a safe default. */
export const merchantSettingsSchema = z.object({
  whitelabel: z.record(z.string(), z.boolean()).default({ USERNAMEREG3: true }),
  maintenance: z.object({ enabled: z.boolean(), endsAt: z.string().nullable() }).default({ enabled: false, endsAt: null }),
  regionRestriction: z.object({ blockedIpRanges: z.array(z.string()) }).default({ blockedIpRanges: [] }),
  customerService: z.array(z.object({ csType: z.string(), path: z.string(), title: z.string() })).default([]),
  domainRoute: z.array(z.string()).default([]),
  resources: z.array(z.object({ resourceType: z.string(), labelNameEn: z.string(), labelNameCn: z.string(), url: z.string() })).default([]),
  mainDomain: z.string().default(''),
  imageCDNs: z.array(z.string()).default([]),
  launchGameCDNs: z.array(z.string()).default([]),
  session: z.object({ idleMinutes: z.number().int().min(1), absoluteHours: z.number().int().min(1) }).default({ idleMinutes: 30, absoluteHours: 12 }),
  /** 0 means passwords do not expire. */
  passwordMaxAgeDays: z.number().int().min(0).default(0),
  registration: z.object({ username: fieldRule, password: fieldRule }).default(DEFAULT_REGISTRATION_RULES),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

export function whitelabelTree(flags: Record<string, boolean>): Array<{ modId: string; enabled: string; childrenNodes: unknown[] }> {
  return WHITELABEL_FLAGS.map((modId) => ({ modId, enabled: flags[modId] ? '1' : '0', childrenNodes: [] }));
}

const PATTERN_SOURCE: Record<string, string> = { LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$', ALNUM: '^[A-Za-z0-9]+$' };

/** The registration field configuration the client renders its form from. */
export function registerFieldConfig(settings: MerchantSettings): Record<string, unknown> {
  const field = (rule: z.infer<typeof fieldRule>) => ({
    enabled: true,
    required: true,
    acceptedPattern: PATTERN_SOURCE[rule.patternId],
    patternId: rule.patternId,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
  });
  return {
    username: field(settings.registration.username),
    password: field(settings.registration.password),
    confirmPassword: field(settings.registration.password),
  };
}
