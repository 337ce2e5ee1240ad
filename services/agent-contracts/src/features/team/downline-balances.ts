import type { AgentDownline, RpcClient, WalletRpc } from '@wps/contracts';
import type { ServiceContext } from '@wps/platform';

/**
 * Adds each listed member's spendable balance (in the report's currency, the brand's) to a page of the downline, read
 * from the wallet in one call. When the wallet cannot answer, the page is still shown, without balances.
 */
export async function withBalances(wallet: () => RpcClient<WalletRpc>, logger: ServiceContext['logger'], merchantCode: string, page: AgentDownline): Promise<AgentDownline> {
  if (page.list.length === 0) return page;
  try {
    const { balances } = await wallet().getBalances({ merchantCode, currency: page.currency, memberIds: page.list.map((row) => row.memberId) });
    const byId = new Map(balances.map((row) => [row.memberId, row.balance]));
    return { ...page, list: page.list.map((row) => ({ ...row, balance: byId.get(row.memberId) })) };
  } catch (error) {
    logger.warn({ err: error }, 'downline balances unavailable');
    return page;
  }
}
