import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { agentApi, agentKeys, type ProfitSort } from './agentApi';
import { AgentCard, Money, NumCell, PagedTable, ReportFilters, SortHeader, useFilterParams, usePageNo, useReportRange } from './agentUi';

const PAGE_SIZE = 20;
const SORTS: readonly ProfitSort[] = ['validBet', 'profit', 'betCount'];

/** palStatementsAgentCopy (user profit and loss): each team member's own result over the range, sortable, with totals. */
export function ProfitLossPage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const [params, update] = useFilterParams();
  const [range, setRange] = useReportRange(7);
  const [pageNo, setPageNo] = usePageNo();
  const account = params.get('account') ?? undefined;
  const requestedSort = params.get('sortBy');
  const sort = {
    by: (SORTS as readonly string[]).includes(requestedSort ?? '') ? (requestedSort as ProfitSort) : 'validBet',
    order: params.get('sortOrder') === 'asc' ? ('asc' as const) : ('desc' as const),
  };
  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes, pageNo, pageSize: PAGE_SIZE, account, sortBy: sort.by, sortOrder: sort.order };
  const profit = useQuery({ queryKey: agentKeys.memberProfit(token ?? '', q), queryFn: ({ signal }) => agentApi.memberProfit(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = profit.data;
  const symbol = member?.currencySymbol;

  const onSort = (next: { by: ProfitSort; order: 'asc' | 'desc' }) => update({ sortBy: next.by, sortOrder: next.order });

  return (
    <div className="panel-stack" data-testid="agent-profit">
      <ReportFilters range={range} onRange={setRange} account={account} onAccount={(next) => update({ account: next })} testId="profit" />
      <AgentCard>
        <PagedTable query={profit} page={data} emptyText={t('agent_profit_empty')} onPage={setPageNo} testId="profit">
          {(page) => (
            <>
              <thead>
                <tr>
                  <th>{t('agent_account')}</th>
                  <th className="num">{t('agent_level')}</th>
                  <SortHeader column="betCount" label={t('agent_bet_count')} sort={sort} onSort={onSort} numeric />
                  <SortHeader column="validBet" label={t('agent_valid_bet')} sort={sort} onSort={onSort} numeric />
                  <SortHeader column="profit" label={t('agent_members_profit')} sort={sort} onSort={onSort} numeric />
                  <th className="num">{t('agent_team_loss')}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((row) => (
                  <tr key={row.memberId} data-testid={`profit-row-${row.account}`}>
                    <td data-label={t('agent_account')}>{row.account}</td>
                    <NumCell label={t('agent_level')}>{row.level}</NumCell>
                    <NumCell label={t('agent_bet_count')}>{row.betCount}</NumCell>
                    <NumCell label={t('agent_valid_bet')}>
                      <Money amount={row.validBet} symbol={symbol} />
                    </NumCell>
                    <NumCell label={t('agent_members_profit')}>
                      <Money amount={row.profit} symbol={symbol} signed />
                    </NumCell>
                    <NumCell label={t('agent_team_loss')}>
                      <Money amount={row.houseProfit} symbol={symbol} />
                    </NumCell>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="profit-totals">
                  <th colSpan={2}>{t('agent_totals')}</th>
                  <NumCell label={t('agent_bet_count')}>{page.totals.betCount}</NumCell>
                  <NumCell label={t('agent_valid_bet')}>
                    <Money amount={page.totals.validBet} symbol={symbol} />
                  </NumCell>
                  <NumCell label={t('agent_members_profit')}>
                    <Money amount={page.totals.profit} symbol={symbol} signed />
                  </NumCell>
                  <NumCell label={t('agent_team_loss')}>
                    <Money amount={page.totals.houseProfit} symbol={symbol} />
                  </NumCell>
                </tr>
              </tfoot>
            </>
          )}
        </PagedTable>
      </AgentCard>
    </div>
  );
}
