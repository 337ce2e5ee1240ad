import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { clientMeta } from './identity-common.js';
import { contractKindSchema, contractTierSchema } from './events.js';

/**
 * The agent centre's register centre: an agent's invitation links and the accounts it creates directly under itself.
 * A link's code goes in the register form's referralCode (or affiliateCode); whoever registers with it lands under the
 * agent, as a player or, for an agent link, as an agent with the link's starting contracts.
 */

/** The account a registration through a link gets: a player, or an agent of the first agent type. */
export const invitationTypeSchema = z.enum(['member', 'agent']);
export type InvitationType = z.infer<typeof invitationTypeSchema>;

/** A contract a new agent starts with from its upline: one per kind, the upline's rates on the brand's thresholds. */
export const invitationContractSchema = z.object({ kind: contractKindSchema, tiers: z.array(contractTierSchema).min(1).max(10) });
export type InvitationContract = z.infer<typeof invitationContractSchema>;
export const invitationContractsSchema = z.array(invitationContractSchema).max(contractKindSchema.options.length);

/** Invitation codes: 8 letters and digits. */
export const INVITATION_CODE_PATTERN = /^[A-Z0-9]{8}$/;

export const invitationLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** `https://<host>/register?referralCode=<code>` on the brand's site. */
  url: z.string(),
  type: invitationTypeSchema,
  contracts: z.array(invitationContractSchema),
  note: z.string(),
  enabled: z.boolean(),
  /** Members registered through the link so far. */
  registrations: z.number().int(),
  createdAt: z.string(),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

/** Bodies of the public calls, as the agent centre sends them. */
export const invitationListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const createInvitationBodySchema = z.object({
  type: invitationTypeSchema,
  contracts: invitationContractsSchema.optional(),
  note: z.string().trim().max(100).optional(),
});
export const setInvitationEnabledBodySchema = z.object({ enabled: z.boolean() });
export const createDownlineBodySchema = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
  /** When left out, the password is taken as confirmed. */
  confirmPassword: z.string().max(200).optional(),
  type: invitationTypeSchema,
  nickname: z.string().trim().max(30).optional(),
  contracts: invitationContractsSchema.optional(),
});

/** Who asks: the signed-in member (agents only), its brand, and the site it uses (links point to that site). */
const caller = { memberId: z.string(), merchantCode: z.string() };
const linkId = z.string().regex(/^[1-9][0-9]{0,17}$/);

export const invitationRpcMethods = defineRpc({
  listInvitationLinks: {
    input: invitationListQuerySchema.extend({ ...caller, host: z.string().optional() }),
    output: z.object({ list: z.array(invitationLinkSchema), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
  },
  createInvitationLink: { input: createInvitationBodySchema.extend({ ...caller, host: z.string().optional() }), output: invitationLinkSchema },
  setInvitationLinkEnabled: { input: setInvitationEnabledBodySchema.extend({ ...caller, id: linkId, host: z.string().optional() }), output: invitationLinkSchema },
  /** Only a link nobody registered through; a used link can be disabled instead. */
  deleteInvitationLink: { input: z.object({ ...caller, id: linkId }), output: z.object({ id: z.string(), deleted: z.literal(true) }) },
  /** A new account directly under the agent, with the register form's rules and messages. */
  createDownline: {
    input: createDownlineBodySchema.extend({ ...caller, ...clientMeta }),
    output: z.object({ memberId: z.string(), account: z.string(), nickname: z.string(), type: z.number().int(), uplineId: z.string() }),
  },
});
