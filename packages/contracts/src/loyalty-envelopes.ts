import { z } from 'zod';
import { supportedCurrencySchema } from './money.js';
import { rowIdSchema } from './ids.js';
import { envelopePushSchema } from './push-data.js';
export { envelopePushSchema };

const windowIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const minorSchema = z.string().regex(/^[1-9][0-9]{0,15}$/);

/** Who may claim: anyone of the brand, or only members who deposited or placed a settled bet today (brand time). */
export const envelopeEligibilitySchema = z.enum(['everyone', 'active_today']);

/** A window as the member sees it: upcoming, open (not claimed by the member yet), claimed by the member, or closed. */
export const memberEnvelopeSchema = z.object({
  windowId: z.string(),
  title: z.string(),
  state: z.enum(['upcoming', 'open', 'claimed', 'closed']),
  startsAt: z.string(),
  endsAt: z.string(),
  currency: z.string(),
  /** The member's amount, minor units; only once claimed. */
  amountMinor: z.string().nullable(),
  /** Envelopes still to be claimed in an open window. */
  remaining: z.number().int().min(0),
  count: z.number().int().min(1),
  /** False when the window's rule leaves the member out. */
  eligible: z.boolean(),
  /** Why, when not eligible: no deposit or settled bet today, or a VIP level below the window's. */
  ineligibleReason: z.enum(['activity', 'vip_level']).nullable(),
  /** The lowest VIP level that may claim; null when any level may. */
  minVipLevel: z.number().int().nullable(),
  /** SHA-256 of the split, published when the window opens (null before). */
  hash: z.string().nullable(),
});
export type MemberEnvelope = z.infer<typeof memberEnvelopeSchema>;

/** A window as the operator sees it. */
export const envelopeWindowSchema = z.object({
  windowId: z.string(),
  title: z.string(),
  status: z.enum(['scheduled', 'open', 'closed', 'cancelled']),
  startsAt: z.string(),
  endsAt: z.string(),
  currency: z.string(),
  poolMinor: z.string(),
  count: z.number().int(),
  minMinor: z.string(),
  maxMinor: z.string(),
  eligibility: envelopeEligibilitySchema,
  minVipLevel: z.number().int().nullable(),
  /** Scheduled again a day later once it closes. */
  daily: z.boolean(),
  claimedCount: z.number().int(),
  claimedMinor: z.string(),
  hash: z.string().nullable(),
  createdBy: z.string(),
});
export type EnvelopeWindow = z.infer<typeof envelopeWindowSchema>;

/** The operator's new window. The pool must be splittable: count × min ≤ pool ≤ count × max. */
export const createEnvelopeWindowBodySchema = z.object({
  title: z.string().trim().min(1).max(80),
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }),
  currency: supportedCurrencySchema,
  poolMinor: minorSchema,
  count: z.number().int().min(1).max(10_000),
  minMinor: minorSchema,
  maxMinor: minorSchema,
  eligibility: envelopeEligibilitySchema.default('everyone'),
  /** Only members at this VIP level or above may claim (a member with no VIP level is at 0). */
  minVipLevel: z.number().int().min(0).max(9).nullable().default(null),
  /** IANA zone that "today" is counted in for `active_today`. */
  timeZone: z.string().min(1).max(64).default('UTC'),
  daily: z.boolean().default(false),
});

/**
 * The verification of a window's split: once the window closes the seed is revealed, and anyone can recompute the
 * amounts from it (`amounts` = split(seed, pool, count, min, max)) and check SHA-256(seed + "|" + amounts joined by ",")
 * against the hash published at opening.
 */
export const envelopeVerificationSchema = z.object({
  windowId: z.string(),
  status: z.enum(['scheduled', 'open', 'closed', 'cancelled']),
  poolMinor: z.string(),
  count: z.number().int(),
  minMinor: z.string(),
  maxMinor: z.string(),
  hash: z.string().nullable(),
  /** Null until the window has closed. */
  seed: z.string().nullable(),
  /** In slot order (slots are handed out in claim order); null until the window has closed. */
  amounts: z.array(z.string()).nullable(),
  claimedCount: z.number().int(),
  claimedMinor: z.string(),
});
export type EnvelopeVerification = z.infer<typeof envelopeVerificationSchema>;

/** A device id the client keeps in its storage: letters, digits, - and _. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** Red envelopes: windows with a pool split when they open, one claim per member. */
export const envelopesRpcMethods = {
  currentEnvelope: {
    input: z.object({ memberId: rowIdSchema, merchantCode: z.string().min(1) }),
    output: z.object({ envelope: memberEnvelopeSchema.nullable(), serverTime: z.string() }),
  },
  claimEnvelope: {
    input: z.object({ memberId: rowIdSchema, merchantCode: z.string().min(1), currency: z.string(), windowId: windowIdSchema, deviceId: deviceIdSchema, ip: z.string() }),
    output: z.object({ envelope: memberEnvelopeSchema, amountMinor: z.string(), paid: z.boolean() }),
  },
  verifyEnvelope: {
    input: z.object({ merchantCode: z.string().min(1), windowId: windowIdSchema }),
    output: envelopeVerificationSchema,
  },
  operatorListEnvelopeWindows: {
    input: z.object({ merchantCode: z.string().min(1) }),
    output: z.object({ list: z.array(envelopeWindowSchema) }),
  },
  operatorCreateEnvelopeWindow: {
    input: createEnvelopeWindowBodySchema.extend({ merchantCode: z.string().min(1), operator: z.string() }),
    output: envelopeWindowSchema,
  },
  operatorCancelEnvelopeWindow: {
    input: z.object({ merchantCode: z.string().min(1), windowId: windowIdSchema, operator: z.string() }),
    output: envelopeWindowSchema,
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;
