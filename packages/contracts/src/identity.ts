import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { merchantSchema } from './identity-common.js';
import { registerSettingsSchema, registrationRpcMethods, whitelabelNodeSchema } from './identity-registration.js';
import { loginRpcMethods } from './identity-login.js';
import { accountRpcMethods } from './identity-account.js';
import { secondFactorRpcMethods } from './identity-second-factors.js';
import { invitationRpcMethods } from './identity-invitations.js';
import { referralLinkRpcMethods } from './loyalty-referral.js';
import { decimalIdSchema } from './ids.js';
import { memberRegisteredSchema } from './events.js';

export * from './identity-common.js';
export * from './identity-registration.js';
export * from './identity-login.js';
export * from './identity-account.js';
export * from './identity-second-factors.js';
export * from './identity-invitations.js';

export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  info: z.object({
    customerService: z.array(z.object({ csType: z.string(), path: z.string(), title: z.string() })),
    domainRoute: z.array(z.string()),
    resources: z.array(z.object({ resourceType: z.string(), labelNameEn: z.string(), labelNameCn: z.string(), url: z.string() })),
    whitelabel: z.array(whitelabelNodeSchema),
    register: registerSettingsSchema,
    mainDomain: z.string(),
    analytics: z.record(z.string(), z.unknown()),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    merchant: merchantSchema,
  }),
  /** country: ISO code from the bundled GeoIP data, null when unknown (private ranges). */
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: z.boolean(),
  maintenanceEnd: z.string().nullable(),
  regionRestriction: z.boolean(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/**
 * A member as `member.registered` announced them (without the referrer and invitation), for the services that keep
 * their own table of members: the brand, the account name, the member type (agents among them), the brand's currency,
 * the upline and the registration time. VIP levels are not identity's: they come from the points service's
 * `vip.changed` events.
 */
export const registeredMemberSchema = memberRegisteredSchema.pick({ memberId: true, merchantCode: true, account: true, type: true, currency: true, uplineId: true, registeredAt: true });
export type RegisteredMember = z.infer<typeof registeredMemberSchema>;
/** The most members one `listMembersAfter` page holds. */
export const MEMBERS_PAGE_MAX = 1000;

export const identityRpc = defineRpc({
  ...registrationRpcMethods,
  ...loginRpcMethods,
  ...accountRpcMethods,
  ...secondFactorRpcMethods,
  ...invitationRpcMethods,
  ...referralLinkRpcMethods,
  getSystemStatus: {
    input: z.object({ merchantCode: z.string().optional(), host: z.string().optional(), ip: z.string() }),
    output: systemStatusSchema,
  },
  /** The brand a request names, with `agentPolicy`: its AGENTPOLICY3 whitelabel flag (agent contracts are offered). */
  resolveMerchant: {
    input: z.object({ merchantCode: z.string().optional(), host: z.string().optional() }),
    output: merchantSchema.extend({ agentPolicy: z.boolean() }),
  },
  getPaymentPasswordStatus: { input: z.object({ memberId: z.string() }), output: z.object({ isSet: z.boolean() }) },
  /** 6-20 letters and digits; the old one is required when one is set. */
  setPaymentPassword: {
    input: z.object({ memberId: z.string(), password: z.string(), confirmPassword: z.string(), oldPassword: z.string().optional() }),
    output: z.object({ isSet: z.boolean() }),
  },
  /** Throws PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_WRONG, or TOO_MANY_REQUESTS after repeated wrong attempts. */
  verifyPaymentPassword: { input: z.object({ memberId: z.string(), password: z.string() }), output: z.object({ verified: z.literal(true) }) },
  /** The transfer target by account name within the caller's brand, and how it relates to the caller in the tree. */
  findMemberForTransfer: {
    input: z.object({ merchantCode: z.string(), fromMemberId: z.string(), toAccount: z.string() }),
    output: z
      .object({
        id: z.string(),
        type: z.number().int(),
        uplineId: z.string().nullable(),
        isDirectUplineOfCaller: z.boolean(),
        isInDownlineOfCaller: z.boolean(),
      })
      .nullable(),
  },
  /**
   * Members of every brand with an id above `afterId`, in id order, at most `limit` (keyset paging: the next page
   * starts after the last id of this one; an empty or short page is the end). What services fill their own table of
   * members from when they missed registrations.
   */
  listMembersAfter: {
    input: z.object({ afterId: decimalIdSchema, limit: z.number().int().min(1).max(MEMBERS_PAGE_MAX) }),
    output: z.object({ members: z.array(registeredMemberSchema) }),
  },
});
export type IdentityRpc = typeof identityRpc;
