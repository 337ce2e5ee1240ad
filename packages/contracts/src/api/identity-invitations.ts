import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import { identityRpc } from '../identity.js';
import { createDownlineBodySchema, createInvitationBodySchema, invitationListQuerySchema, setInvitationEnabledBodySchema } from '../identity-invitations.js';
import { pathIdText } from './fields.js';

const agentCentre = { tag: 'Agent centre', auth: 'member', rateLimit: 'ip', idempotent: false } as const;
/** The agent from the session; links point to the site the agent uses when it is one of the brand's. */
const AGENT = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;
const linkPath = z.object({ id: pathIdText(/^[1-9][0-9]{0,17}$/) });
/** Creations are counted per agent once signed in, beyond the per-address budget. */
const CREATIONS = { name: 'agent:register-centre', limit: 30, windowMs: 60_000 } as const;

/**
 * The agent centre's register centre: invitation links and accounts created directly under the agent. Agents only
 * (INVITATION_AGENTS_ONLY for anyone else); an agent sees and changes only its own links (another's is not found).
 */
export const invitationUseCases = {
  listInvitationLinks: serviceUseCase({
    ...agentCentre,
    id: 'listInvitationLinks',
    summary: 'The agent’s invitation links, newest first, with their full address and how many registered through each',
    method: 'GET',
    paths: ['/wps/agent/invitations'],
    request: invitationListQuerySchema,
    response: identityRpc.listInvitationLinks.output,
    operation: { service: 'identity', method: 'listInvitationLinks' },
    context: { ...AGENT, host: 'host' },
  }),
  createInvitationLink: serviceUseCase({
    ...agentCentre,
    id: 'createInvitationLink',
    summary: 'A new invitation link: registrations through it become players, or agents starting with the given contracts',
    description: 'Contracts (`[{ kind, tiers }]`, one per kind) are for agent links only; only real-time salary tiers name the bets they pay on. ' + 'An agent keeps at most 200 links.',
    method: 'POST',
    paths: ['/wps/agent/invitations'],
    request: createInvitationBodySchema,
    response: identityRpc.createInvitationLink.output,
    operation: { service: 'identity', method: 'createInvitationLink' },
    context: { ...AGENT, host: 'host' },
    memberRateLimit: CREATIONS,
  }),
  setInvitationLinkEnabled: serviceUseCase({
    ...agentCentre,
    id: 'setInvitationLinkEnabled',
    summary: 'Enables or disables one of the agent’s invitation links; a disabled link’s code is refused at registration',
    method: 'PUT',
    paths: ['/wps/agent/invitations/:id'],
    request: linkPath.extend(setInvitationEnabledBodySchema.shape),
    response: identityRpc.setInvitationLinkEnabled.output,
    operation: { service: 'identity', method: 'setInvitationLinkEnabled' },
    context: { ...AGENT, host: 'host' },
  }),
  deleteInvitationLink: serviceUseCase({
    ...agentCentre,
    id: 'deleteInvitationLink',
    summary: 'Deletes one of the agent’s invitation links that nobody registered through (INVITATION_LINK_IN_USE otherwise)',
    method: 'DELETE',
    paths: ['/wps/agent/invitations/:id'],
    request: linkPath,
    response: identityRpc.deleteInvitationLink.output,
    operation: { service: 'identity', method: 'deleteInvitationLink' },
    context: AGENT,
  }),
  createDownline: serviceUseCase({
    ...agentCentre,
    id: 'createDownline',
    summary: 'Creates a player or an agent directly under the agent, with the register form’s rules and messages',
    description:
      'The account name and password follow the brand’s registration rules (USERNAME_TAKEN for a name in use); `confirmPassword` defaults to the password. ' +
      'A new agent may start with contracts as an agent link gives them.',
    method: 'POST',
    paths: ['/wps/agent/downline'],
    request: createDownlineBodySchema,
    response: identityRpc.createDownline.output,
    operation: { service: 'identity', method: 'createDownline' },
    context: { ...AGENT, ip: 'ip', userAgent: 'userAgent' },
    memberRateLimit: CREATIONS,
  }),
};
