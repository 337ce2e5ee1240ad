import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../state/session';
import { agentApi, agentKeys } from './agentApi';
import { AgentCard, AgentPager, formatBrandTime, Money, QueryState, RangePicker, useBrandZone, usePageNo, useReportRange } from './agentUi';

const PAGE_SIZE = 20;
const GAME_TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;

/** personalHistoryCopy (team betting): the team's settled bets, newest first, with totals over the whole filter. */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const zone = useBrandZone();
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useReportRange(7);
  const [pageNo, setPageNo] = usePageNo();
  const account = params.get('account') ?? undefined;
  const gameType = params.get('gameType') ?? undefined;
  const [search, setSearch] = useState(account ?? '');
  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes, pageNo, pageSize: PAGE_SIZE, account, gameType };
  const bets = useQuery({ queryKey: agentKeys.teamBets(token ?? '', q), queryFn: ({ signal }) => agentApi.teamBets(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = bets.data;
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

  return (
    <div className="panel-stack" data-testid="agent-team-bets">
      <AgentCard>
        <RangePicker range={range} onChange={setRange} testId="bets-range" />
        <form className="agent-search" onSubmit={onSearch} role="search">
          <input
            type="search"
            value={search}
            placeholder={t('agent_search_account')}
            aria-label={t('agent_search_account')}
            maxLength={50}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="bets-search"
          />
          <select value={gameType ?? ''} aria-label={t('agent_game_type')} onChange={(event) => update({ gameType: event.target.value || undefined })} data-testid="bets-game-type">
            <option value="">{t('agent_all_game_types')}</option>
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-primary btn-sm" data-testid="bets-search-submit">
            {t('agent_search')}
          </button>
        </form>
      </AgentCard>
      {data && (
        <div className="agent-figures" data-testid="bets-totals">
          <div className="agent-figure">
            <span className="agent-figure-label">{t('agent_bet_count')}</span>
            <strong className="agent-figure-value" data-testid="bets-total-count">
              {data.totals.betCount}
            </strong>
          </div>
          <div className="agent-figure">
            <span className="agent-figure-label">{t('agent_bet_amount')}</span>
            <strong className="agent-figure-value">
              <Money amount={data.totals.betAmount} symbol={symbol} />
            </strong>
          </div>
          <div className="agent-figure">
            <span className="agent-figure-label">{t('agent_valid_bet')}</span>
            <strong className="agent-figure-value">
              <Money amount={data.totals.validBet} symbol={symbol} />
            </strong>
          </div>
          <div className="agent-figure">
            <span className="agent-figure-label">{t('agent_members_profit')}</span>
            <strong className="agent-figure-value">
              <Money amount={data.totals.profit} symbol={symbol} signed />
            </strong>
          </div>
        </div>
      )}
      <AgentCard>
        <QueryState loading={bets.isFetching} error={bets.error} empty={!data || data.list.length === 0} emptyText={t('agent_bets_empty')} onRetry={() => void bets.refetch()} testId="bets" />
        {data && data.list.length > 0 && (
          <div className="table-wrap" aria-busy={bets.isFetching}>
            <table className="data-table agent-table" data-testid="bets-table">
              <thead>
                <tr>
                  <th>{t('agent_settled_at')}</th>
                  <th>{t('agent_account')}</th>
                  <th>{t('agent_game')}</th>
                  <th className="num">{t('agent_bet_amount')}</th>
                  <th className="num">{t('agent_valid_bet')}</th>
                  <th className="num">{t('agent_win_amount')}</th>
                  <th className="num">{t('agent_members_profit')}</th>
                  <th>{t('agent_state')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((bet) => (
                  <tr key={bet.betId} data-testid="bets-row">
                    <td data-label={t('agent_settled_at')}>{formatBrandTime(bet.settledAt, zone)}</td>
                    <td data-label={t('agent_account')}>{bet.account}</td>
                    <td data-label={t('agent_game')}>
                      {bet.vendor} · {bet.gameType}
                      <span className="row-note mono">{bet.gameCode ?? bet.roundId}</span>
                    </td>
                    <td className="num" data-label={t('agent_bet_amount')}>
                      <Money amount={bet.betAmount} symbol={symbol} />
                    </td>
                    <td className="num" data-label={t('agent_valid_bet')}>
                      <Money amount={bet.validBet} symbol={symbol} />
                    </td>
                    <td className="num" data-label={t('agent_win_amount')}>
                      <Money amount={bet.winAmount} symbol={symbol} />
                    </td>
                    <td className="num" data-label={t('agent_members_profit')}>
                      <Money amount={bet.profit} symbol={symbol} signed />
                    </td>
                    <td data-label={t('agent_state')}>{t(`agent_bet_${bet.state}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <AgentPager pageNo={data.pageNo} totalPages={data.totalPages} total={data.total} busy={bets.isFetching} onPage={setPageNo} testId="bets-pager" />}
      </AgentCard>
    </div>
  );
}
