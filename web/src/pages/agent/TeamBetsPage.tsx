import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { agentApi, agentKeys } from './agentApi';
import { AgentCard, formatBrandTime, Money, NumCell, PagedTable, ReportFilters, useBrandZone, useFilterParams, usePageNo, useReportRange } from './agentUi';

const PAGE_SIZE = 20;
const GAME_TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;

/** personalHistoryCopy (team betting): the team's settled bets, newest first, with totals over the whole filter. */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const zone = useBrandZone();
  const [params, update] = useFilterParams();
  const [range, setRange] = useReportRange(7);
  const [pageNo, setPageNo] = usePageNo();
  const account = params.get('account') ?? undefined;
  const gameType = params.get('gameType') ?? undefined;
  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes, pageNo, pageSize: PAGE_SIZE, account, gameType };
  const bets = useQuery({ queryKey: agentKeys.teamBets(token ?? '', q), queryFn: ({ signal }) => agentApi.teamBets(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = bets.data;
  const symbol = member?.currencySymbol;

  return (
    <div className="panel-stack" data-testid="agent-team-bets">
      <ReportFilters range={range} onRange={setRange} account={account} onAccount={(next) => update({ account: next })} testId="bets">
        <select value={gameType ?? ''} aria-label={t('agent_game_type')} onChange={(event) => update({ gameType: event.target.value || undefined })} data-testid="bets-game-type">
          <option value="">{t('agent_all_game_types')}</option>
          {GAME_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </ReportFilters>
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
        <PagedTable query={bets} page={data} emptyText={t('agent_bets_empty')} onPage={setPageNo} testId="bets">
          {(page) => (
            <>
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
                {page.list.map((bet) => (
                  <tr key={bet.betId} data-testid="bets-row">
                    <td data-label={t('agent_settled_at')}>{formatBrandTime(bet.settledAt, zone)}</td>
                    <td data-label={t('agent_account')}>{bet.account}</td>
                    <td data-label={t('agent_game')}>
                      {bet.vendor} · {bet.gameType}
                      <span className="row-note mono">{bet.gameCode ?? bet.roundId}</span>
                    </td>
                    <NumCell label={t('agent_bet_amount')}>
                      <Money amount={bet.betAmount} symbol={symbol} />
                    </NumCell>
                    <NumCell label={t('agent_valid_bet')}>
                      <Money amount={bet.validBet} symbol={symbol} />
                    </NumCell>
                    <NumCell label={t('agent_win_amount')}>
                      <Money amount={bet.winAmount} symbol={symbol} />
                    </NumCell>
                    <NumCell label={t('agent_members_profit')}>
                      <Money amount={bet.profit} symbol={symbol} signed />
                    </NumCell>
                    <td data-label={t('agent_state')}>{t(`agent_bet_${bet.state}`)}</td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </PagedTable>
      </AgentCard>
    </div>
  );
}
