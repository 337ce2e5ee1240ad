import { describe, expect, it } from 'vitest';
import { agentLink, CONTRACT_PAGES, contractKindOf, isAgentPage } from './agentPages';

describe('agent centre pages', () => {
  it('links the overview as the bare centre and every other page by name', () => {
    expect(agentLink('agentTeamOverview')).toBe('/agentHome');
    expect(agentLink('registerCenter')).toBe('/agentHome?page=registerCenter');
    expect(agentLink('downlineManagmentView', { parent: '42', account: undefined })).toBe('/agentHome?page=downlineManagmentView&parent=42');
    expect(agentLink('agentTeamOverview', { from: '2026-11-01' })).toBe('/agentHome?page=agentTeamOverview&from=2026-11-01');
  });

  it('knows the spec page names and the contract kind of each contract page', () => {
    expect(isAgentPage('agentRealtimeSalary')).toBe(true);
    expect(isAgentPage('agentHome')).toBe(false);
    expect(isAgentPage(null)).toBe(false);
    for (const [kind, page] of Object.entries(CONTRACT_PAGES)) expect(contractKindOf(page)).toBe(kind);
    expect(contractKindOf('messages')).toBeNull();
  });
});
