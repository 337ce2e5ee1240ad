import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { createInvitationBodySchema, MEMBER_TYPE, type InvitationContract } from '@wps/contracts';
import { checkStartingContracts, INVITATION_CODE_ALPHABET, invitationSite, invitationUrl, isInvitationCode, memberTypeOf, newInvitationCode, normaliseInvitationCode } from './invitations.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
};

const dividend: InvitationContract = { kind: 'dividend', tiers: [{ minBaseMinor: '5000000', minActive: 5, rateBp: 1000 }] };
const realtime: InvitationContract = { kind: 'realtime', tiers: [{ minBaseMinor: '0', minActive: 0, rateBp: 50, on: 'loss' }] };

describe('invitation codes', () => {
  it('are 8 symbols of the look-alike-free alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const code = newInvitationCode();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(isInvitationCode(code)).toBe(true);
    }
    expect(INVITATION_CODE_ALPHABET).toHaveLength(32);
    expect(INVITATION_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('draw every symbol from the random source given', () => {
    const drawn: number[] = [];
    const code = newInvitationCode((max) => {
      expect(max).toBe(32);
      drawn.push(drawn.length * 4);
      return drawn.at(-1)!;
    });
    expect(code).toBe([0, 4, 8, 12, 16, 20, 24, 28].map((index) => INVITATION_CODE_ALPHABET[index]).join(''));
  });

  it('do not repeat across many draws', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => newInvitationCode()));
    expect(codes.size).toBe(5000);
  });

  it('are recognised in any case and with spaces around, and nothing else is', () => {
    expect(normaliseInvitationCode('  ab3dEf9h ')).toBe('AB3DEF9H');
    expect(isInvitationCode(' ab3def9h')).toBe(true);
    for (const typed of ['', 'AB3DEF9', 'AB3DEF9HX', 'AB3-EF9H', 'DEMOAGENT', 'ÁB3DEF9H']) expect(isInvitationCode(typed)).toBe(false);
  });
});

describe('the account a link gives', () => {
  it('is a player for member links and an agent of the first agent type for agent links', () => {
    expect(memberTypeOf('member')).toBe(MEMBER_TYPE.MEMBER);
    expect(memberTypeOf('agent')).toBe(MEMBER_TYPE.AGENT);
  });
});

describe('starting contracts', () => {
  it('are kept for agents, one per kind', () => {
    expect(checkStartingContracts('agent', [dividend, realtime])).toEqual([dividend, realtime]);
    expect(checkStartingContracts('agent', undefined)).toEqual([]);
    expect(checkStartingContracts('member', [])).toEqual([]);
  });

  it('are refused for player links, twice for a kind, and with `on` where it does not belong', () => {
    expect(codeOf(() => checkStartingContracts('member', [dividend]))).toBe('INVITATION_CONTRACTS_MEMBER_LINK');
    expect(codeOf(() => checkStartingContracts('agent', [dividend, { ...dividend, tiers: [{ ...dividend.tiers[0]!, rateBp: 500 }] }]))).toBe('INVITATION_CONTRACT_DUPLICATE');
    expect(codeOf(() => checkStartingContracts('agent', [{ kind: 'daily', tiers: [{ minBaseMinor: '100', minActive: 1, rateBp: 30, on: 'loss' }] }]))).toBe('INVITATION_CONTRACT_TIER_INVALID');
    expect(codeOf(() => checkStartingContracts('agent', [{ kind: 'realtime', tiers: [{ minBaseMinor: '0', minActive: 0, rateBp: 30 }] }]))).toBe('INVITATION_CONTRACT_TIER_INVALID');
  });

  it('have tiers of the contract tier shape: rates 0–10000 bp, amounts as whole minor units, 1 to 10 tiers', () => {
    const body = (contracts: unknown) => createInvitationBodySchema.safeParse({ type: 'agent', contracts }).success;
    expect(body([dividend])).toBe(true);
    expect(body([{ kind: 'dividend', tiers: [{ minBaseMinor: '100', minActive: 0, rateBp: 10_000 }] }])).toBe(true);
    expect(body([{ kind: 'dividend', tiers: [{ minBaseMinor: '100', minActive: 0, rateBp: 10_001 }] }])).toBe(false);
    expect(body([{ kind: 'dividend', tiers: [{ minBaseMinor: '1.5', minActive: 0, rateBp: 100 }] }])).toBe(false);
    expect(body([{ kind: 'dividend', tiers: [{ minBaseMinor: '100', minActive: -1, rateBp: 100 }] }])).toBe(false);
    expect(body([{ kind: 'weekly', tiers: dividend.tiers }])).toBe(false);
    expect(body([{ kind: 'dividend', tiers: [] }])).toBe(false);
    expect(body([{ kind: 'dividend', tiers: Array.from({ length: 11 }, () => dividend.tiers[0]) }])).toBe(false);
  });
});

describe('the link address', () => {
  const brand = { hosts: ['casino.example', 'www.casino.example'], mainDomain: 'https://main.casino.example/home' };

  it('uses the agent’s own site when it is one of the brand’s, else the main domain, else the first host', () => {
    expect(invitationSite(brand, 'www.casino.example')).toBe('www.casino.example');
    expect(invitationSite(brand, 'WWW.Casino.Example:443')).toBe('www.casino.example');
    expect(invitationSite(brand, 'evil.example')).toBe('main.casino.example');
    expect(invitationSite({ ...brand, mainDomain: '' }, 'evil.example')).toBe('casino.example');
    expect(invitationSite({ hosts: [], mainDomain: '' }, 'localhost')).toBe('localhost');
    // A site on another port keeps it.
    expect(invitationSite({ hosts: ['localhost'], mainDomain: '' }, 'localhost:8899')).toBe('localhost:8899');
    expect(invitationSite(brand, 'casino.example:8443')).toBe('casino.example:8443');
    expect(invitationSite(brand, 'evil.example:8443')).toBe('main.casino.example');
  });

  it('opens the register form with the code', () => {
    expect(invitationUrl('casino.example', 'AB3DEF9H')).toBe('https://casino.example/register?referralCode=AB3DEF9H');
    expect(invitationUrl('localhost:8899', 'AB3DEF9H')).toBe('http://localhost:8899/register?referralCode=AB3DEF9H');
  });
});
