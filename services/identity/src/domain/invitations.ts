import { randomInt } from 'node:crypto';
import { AppError } from '@wps/platform';
import { INVITATION_CODE_PATTERN, MEMBER_TYPE, type InvitationContract, type InvitationType } from '@wps/contracts';

/**
 * Letters and digits without look-alikes (0/O, 1/I), as member referral codes: 32 symbols, 8 of them drawn from the
 * system's secure random source, so a code carries 40 bits and cannot be guessed from others.
 */
export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITATION_CODE_LENGTH = 8;

export function newInvitationCode(random: (max: number) => number = randomInt): string {
  return Array.from({ length: INVITATION_CODE_LENGTH }, () => INVITATION_CODE_ALPHABET[random(INVITATION_CODE_ALPHABET.length)]).join('');
}

/** Codes are shown upper-case and typed in any case, with stray spaces around them. */
export const normaliseInvitationCode = (code: string): string => code.trim().toUpperCase();

/** Whether a typed code can be a link's code at all, before any look-up. */
export const isInvitationCode = (code: string): boolean => INVITATION_CODE_PATTERN.test(normaliseInvitationCode(code));

/** The member type a registration through a link gets: players the brand's member type, agents the first agent type. */
export const memberTypeOf = (type: InvitationType): number => (type === 'agent' ? MEMBER_TYPE.AGENT : MEMBER_TYPE.MEMBER);

/**
 * Starting contracts of a new account: only agents get them, at most one per kind, and only real-time salary tiers say
 * which bets they pay on. The shape of each tier (amounts, counts, rates within 0–10000 bp) is the contract tier schema's.
 */
export function checkStartingContracts(type: InvitationType, contracts: readonly InvitationContract[] | undefined): InvitationContract[] {
  const list = contracts ?? [];
  if (list.length === 0) return [];
  if (type !== 'agent') throw new AppError('INVITATION_CONTRACTS_MEMBER_LINK', { field: 'contracts' });
  const kinds = new Set<string>();
  for (const contract of list) {
    if (kinds.has(contract.kind)) throw new AppError('INVITATION_CONTRACT_DUPLICATE', { field: 'contracts' });
    kinds.add(contract.kind);
    const realtime = contract.kind === 'realtime';
    if (contract.tiers.some((tier) => (tier.on !== undefined) !== realtime)) throw new AppError('INVITATION_CONTRACT_TIER_INVALID', { field: 'contracts' });
  }
  return list.map((contract) => ({ kind: contract.kind, tiers: contract.tiers.map((tier) => ({ ...tier })) }));
}

/**
 * The site a link points to: the agent's own site when it is one of the brand's (with its port, unless a default
 * one), else the brand's main domain, else its first host, else the site the agent used.
 */
export function invitationSite(brand: { hosts: readonly string[]; mainDomain: string }, requestHost: string | undefined): string {
  const [name, port] = (requestHost ?? '').toLowerCase().split(':');
  const host = name || undefined;
  if (host && brand.hosts.includes(host)) return port && port !== '443' && port !== '80' ? `${host}:${port}` : host;
  const main = brand.mainDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  return main || brand.hosts[0] || host || 'localhost';
}

/** A machine's own address is served over plain http (a local install); every other site over https. */
const LOCAL_SITE = /^(localhost|127\.0\.0\.1)(:\d+)?$/;

export const invitationUrl = (site: string, code: string): string => `${LOCAL_SITE.test(site) ? 'http' : 'https'}://${site}/register?referralCode=${encodeURIComponent(code)}`;
