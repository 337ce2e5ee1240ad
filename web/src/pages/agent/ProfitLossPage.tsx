import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../state/session';
import { agentApi, agentKeys, type ProfitSort } from './agentApi';
import { AgentCard, AgentPager, Money, QueryState, RangePicker, SortHeader, usePageNo, useReportRange } from './agentUi';

const PAGE_SIZE = 20;
const SORTS: readonly ProfitSort[] = ['validBet', 'profit', 'betCount'];

/** palStatementsAgentCopy (user profit and loss): each team member's own result over the range, sortable, with totals. */
export function ProfitLossPage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useReportRange(7);
  const [pageNo, setPageNo] = usePageNo();
  const account = params.get('account') ?? undefined;
  const requestedSort = params.get('sortBy');
  const sort = {
    by: (SORTS as readonly string[]).includes(requestedSort ?? '') ? (requestedSort as ProfitSort) : 'validBet',
    order: params.get('sortOrder') === 'asc' ? ('asc' as const) : ('desc' as const),
  };
  const [search, setSearch] = useState(account ?? '');
  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes, pageNo, pageSize: PAGE_SIZE, account, sortBy: sort.by, sortOrder: sort.order };
  const profit = useQuery({ queryKey: agentKeys.memberProfit(token ?? '', q), queryFn: ({ signal }) => agentApi.memberProfit(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = profit.data;
  const symbol = member?.currencySymbol;

  const update = (change: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(change)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('pageNo');
      return next;
    });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ account: search.trim() || undefined });
  };
  const onSort = (next: { by: ProfitSort; order: 'asc' | 'desc' }) => update({ sortBy: next.by, sortOrder: next.order });

  return (
    <div className="panel-stack" data-testid="agent-profit">
      <AgentCard>
        <RangePicker range={range} onChange={setRange} testId="profit-range" />
        <form className="agent-search" onSubmit={onSearch} role="search">
          <input
            type="search"
            value={search}
            placeholder={t('agent_search_account')}
            aria-label={t('agent_search_account')}
            maxLength={50}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="profit-search"
          />
          <button type="submit" className="btn btn-primary btn-sm" data-testid="profit-search-submit">
            {t('agent_search')}
          </button>
        </form>
      </AgentCard>
      <AgentCard>
        <QueryState
          loading={profit.isFetching}
          error={profit.error}
          empty={!data || data.list.length === 0}
          emptyText={t('agent_profit_empty')}
          onRetry={() => void profit.refetch()}
          testId="profit"
        />
        {data && data.list.length > 0 && (
          <div className="table-wrap" aria-busy={profit.isFetching}>
            <table className="data-table agent-table" data-testid="profit-table">
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
                {data.list.map((row) => (
                  <tr key={row.memberId} data-testid={`profit-row-${row.account}`}>
                    <td data-label={t('agent_account')}>{row.account}</td>
                    <td className="num" data-label={t('agent_level')}>
                      {row.level}
                    </td>
                    <td className="num" data-label={t('agent_bet_count')}>
                      {row.betCount}
                    </td>
                    <td className="num" data-label={t('agent_valid_bet')}>
                      <Money amount={row.validBet} symbol={symbol} />
                    </td>
                    <td className="num" data-label={t('agent_members_profit')}>
                      <Money amount={row.profit} symbol={symbol} signed />
                    </td>
                    <td className="num" data-label={t('agent_team_loss')}>
                      <Money amount={row.houseProfit} symbol={symbol} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="profit-totals">
                  <th colSpan={2}>{t('agent_totals')}</th>
                  <td className="num" data-label={t('agent_bet_count')}>
                    {data.totals.betCount}
                  </td>
                  <td className="num" data-label={t('agent_valid_bet')}>
                    <Money amount={data.totals.validBet} symbol={symbol} />
                  </td>
                  <td className="num" data-label={t('agent_members_profit')}>
                    <Money amount={data.totals.profit} symbol={symbol} signed />
                  </td>
                  <td className="num" data-label={t('agent_team_loss')}>
                    <Money amount={data.totals.houseProfit} symbol={symbol} />
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        {data && <AgentPager pageNo={data.pageNo} totalPages={data.totalPages} total={data.total} busy={profit.isFetching} onPage={setPageNo} testId="profit-pager" />}
      </AgentCard>
    </div>
  );
}
