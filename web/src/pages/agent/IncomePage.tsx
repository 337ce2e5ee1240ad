import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { agentApi, agentKeys, type Income } from './agentApi';
import { formatMinor, formatRate } from './agentFormat';
import { rangeInstants } from './agentTime';
import { AgentCard, formatBrandTime, QueryState, RangePicker, useBrandZone, useReportRange } from './agentUi';

type Debt = Income['owedToMe'][number];

/** agentRevenueReport (my income): every payout received and paid over the range, each explained, and open debts. */
export function IncomePage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const zone = useBrandZone();
  const [range, setRange] = useReportRange(30);
  const q = rangeInstants(range, range.timeZoneOffsetMinutes);
  const income = useQuery({ queryKey: agentKeys.income(token ?? '', q), queryFn: ({ signal }) => agentApi.income(q, signal), enabled: token !== null });
  const data = income.data;
  const money = (minor: string) => formatMinor(minor, member?.currencySymbol);

  const debts = (list: Debt[], title: string, testId: string) => (
    <AgentCard title={title} testId={testId}>
      {list.length === 0 ? (
        <p className="list-empty">{t('agent_debts_none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table agent-table">
            <thead>
              <tr>
                <th>{t('agent_contract_kind')}</th>
                <th>{t('agent_period')}</th>
                <th className="num">{t('agent_debt_original')}</th>
                <th className="num">{t('agent_debt_outstanding')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((debt) => (
                <tr key={debt.debtId} data-testid={`${testId}-row`}>
                  <td data-label={t('agent_contract_kind')}>{t(`agent_kind_${debt.kind}`)}</td>
                  <td data-label={t('agent_period')}>{formatBrandTime(debt.periodStart, zone)}</td>
                  <td className="num" data-label={t('agent_debt_original')}>
                    {money(debt.originalMinor)}
                  </td>
                  <td className="num" data-label={t('agent_debt_outstanding')}>
                    {money(debt.outstandingMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AgentCard>
  );

  return (
    <div className="panel-stack" data-testid="agent-income">
      <AgentCard>
        <RangePicker range={range} onChange={setRange} testId="income-range" />
      </AgentCard>
      <QueryState loading={income.isFetching} error={income.error} empty={!data} emptyText="" onRetry={() => void income.refetch()} testId="income" />
      {data && (
        <>
          <div className="agent-figures">
            <div className="agent-figure" data-testid="income-received">
              <span className="agent-figure-label">{t('agent_income_received')}</span>
              <strong className="agent-figure-value amount-in">{money(data.totals.receivedMinor)}</strong>
            </div>
            <div className="agent-figure" data-testid="income-paid">
              <span className="agent-figure-label">{t('agent_income_paid')}</span>
              <strong className="agent-figure-value amount-out">{money(data.totals.paidMinor)}</strong>
            </div>
            <div className="agent-figure" data-testid="income-net">
              <span className="agent-figure-label">{t('agent_income_net')}</span>
              <strong className="agent-figure-value">{money(data.totals.netMinor)}</strong>
            </div>
          </div>
          <AgentCard title={t('agent_income_entries')}>
            {data.entries.length === 0 ? (
              <p className="list-empty" data-testid="income-empty">
                {t('agent_income_empty')}
              </p>
            ) : (
              <div className="table-wrap">
                <table className="data-table agent-table" data-testid="income-table">
                  <thead>
                    <tr>
                      <th>{t('agent_paid_at')}</th>
                      <th>{t('agent_contract_kind')}</th>
                      <th>{t('agent_period')}</th>
                      <th>{t('agent_income_direction')}</th>
                      <th className="num">{t('agent_record_base')}</th>
                      <th className="num">{t('agent_tier_rate')}</th>
                      <th className="num">{t('agent_record_amount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry) => (
                      <tr key={`${entry.settlementId}:${entry.source}:${entry.direction}:${entry.at}`} data-testid="income-row">
                        <td data-label={t('agent_paid_at')}>{formatBrandTime(entry.at, zone)}</td>
                        <td data-label={t('agent_contract_kind')}>
                          {t(`agent_kind_${entry.kind}`)}
                          {entry.source === 'debt-repayment' && <span className="row-note">{t('agent_debt_repayment')}</span>}
                        </td>
                        <td data-label={t('agent_period')}>{formatBrandTime(entry.periodStart, zone)}</td>
                        <td data-label={t('agent_income_direction')}>{t(`agent_income_${entry.direction}_one`)}</td>
                        <td className="num" data-label={t('agent_record_base')}>
                          {money(entry.baseMinor)}
                          <span className="row-note">{t('agent_active_count', { count: entry.activeMembers })}</span>
                        </td>
                        <td className="num" data-label={t('agent_tier_rate')}>
                          {entry.tier === null ? t('agent_no_tier') : `${t('agent_tier')} ${entry.tier} · ${formatRate(entry.rateBp)}`}
                        </td>
                        <td className="num" data-label={t('agent_record_amount')}>
                          <span className={entry.direction === 'received' ? 'amount-in' : 'amount-out'}>
                            {entry.direction === 'received' ? '+' : '-'}
                            {money(entry.amountMinor)}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </AgentCard>
          {debts(data.owedToMe, t('agent_owed_to_me'), 'owed-to-me')}
          {debts(data.owedByMe, t('agent_owed_by_me'), 'owed-by-me')}
        </>
      )}
    </div>
  );
}
