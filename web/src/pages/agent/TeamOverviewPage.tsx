import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { agentApi, agentKeys } from './agentApi';
import { AgentCard, Money, QueryState, RangePicker, useReportRange } from './agentUi';
import { TeamChart, type ChartSeries } from './TeamChart';

/** agentTeamOverview: the team's size and figures over a chosen range, and a chart of them per day. */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const [range, setRange] = useReportRange(7);
  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes };
  const overview = useQuery({ queryKey: agentKeys.teamOverview(token ?? '', q), queryFn: ({ signal }) => agentApi.teamOverview(q, signal), enabled: token !== null });
  const data = overview.data;
  const symbol = member?.currencySymbol;

  const chart = useMemo(() => {
    if (!data) return null;
    const days = data.series.map((point) => point.date);
    const series: ChartSeries[] = [
      { label: t('agent_valid_bet'), color: '#ffc445', values: data.series.map((point) => Number(point.validBet)) },
      { label: t('agent_team_loss'), color: '#8b5cf6', values: data.series.map((point) => Number(point.houseProfit)) },
    ];
    return { days, series };
  }, [data, t]);

  const figures: { key: string; label: string; value: ReactNode }[] = data
    ? [
        { key: 'teamSize', label: t('agent_team_size'), value: data.teamSize },
        { key: 'directMembers', label: t('agent_direct_members'), value: data.directMembers },
        { key: 'directAgents', label: t('agent_direct_agents'), value: data.directAgents },
        { key: 'indirectMembers', label: t('agent_indirect_members'), value: data.indirectMembers },
        { key: 'newMembers', label: t('agent_new_members'), value: data.newMembers },
        { key: 'activeMembers', label: t('agent_active_members'), value: data.activeMembers },
        { key: 'betCount', label: t('agent_bet_count'), value: data.betCount },
        { key: 'validBet', label: t('agent_valid_bet'), value: <Money amount={data.validBet} symbol={symbol} /> },
        { key: 'profit', label: t('agent_members_profit'), value: <Money amount={data.profit} symbol={symbol} signed /> },
        { key: 'houseProfit', label: t('agent_team_loss'), value: <Money amount={data.houseProfit} symbol={symbol} /> },
        {
          key: 'deposits',
          label: t('agent_team_deposits'),
          value: (
            <>
              <Money amount={data.deposits} symbol={symbol} /> <small>{t('agent_payment_count', { count: data.depositCount })}</small>
            </>
          ),
        },
        {
          key: 'withdrawals',
          label: t('agent_team_withdrawals'),
          value: (
            <>
              <Money amount={data.withdrawals} symbol={symbol} /> <small>{t('agent_payment_count', { count: data.withdrawalCount })}</small>
            </>
          ),
        },
      ]
    : [];

  return (
    <div className="panel-stack" data-testid="agent-overview">
      <AgentCard>
        <RangePicker range={range} onChange={setRange} testId="overview-range" />
      </AgentCard>
      <QueryState loading={overview.isFetching} error={overview.error} empty={!data} emptyText="" onRetry={() => void overview.refetch()} testId="overview" />
      {data && (
        <>
          <div className="agent-figures" aria-busy={overview.isFetching}>
            {figures.map((figure) => (
              <div key={figure.key} className="agent-figure" data-testid={`overview-${figure.key}`}>
                <span className="agent-figure-label">{figure.label}</span>
                <strong className="agent-figure-value">{figure.value}</strong>
              </div>
            ))}
          </div>
          <AgentCard title={t('agent_overview_chart')}>{chart && <TeamChart days={chart.days} series={chart.series} dayLabel={t('agent_day')} testId="overview-chart" />}</AgentCard>
        </>
      )}
    </div>
  );
}
