import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractKindSchema, type ContractKind } from '@wps/contracts';
import { useSession } from '../../state/session';
import { agentApi, agentKeys, type Income } from './agentApi';
import { formatMinor, formatRate } from './agentFormat';
import { rangeInstants } from './agentTime';
import { AgentCard, formatBrandTime, NumCell, PagedTable, RangePicker, useBrandZone, useFilterParams, usePageNo, useReportRange } from './agentUi';
import { ScrollRegion } from '../../components/ScrollRegion';

type Debt = Income['owedToMe'][number];

const PAGE_SIZE = 20;
const KINDS = contractKindSchema.options;

/**
 * agentRevenueReport (my income): the payouts received and paid over the range, newest first, a page at a time, each
 * explained; totals over the whole range, and the open debts; all of one contract kind when one is chosen.
 */
export function IncomePage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const zone = useBrandZone();
  const [range, setRange] = useReportRange(30);
  const [pageNo, setPageNo] = usePageNo();
  const [params, update] = useFilterParams();
  const requestedKind = params.get('kind');
  const kind = KINDS.find((candidate) => candidate === requestedKind);
  const q = { ...rangeInstants(range, range.timeZoneOffsetMinutes), kind, pageNo, pageSize: PAGE_SIZE };
  const income = useQuery({ queryKey: agentKeys.income(token ?? '', q), queryFn: ({ signal }) => agentApi.income(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = income.data;
  const money = (minor: string) => formatMinor(minor, member?.currencySymbol);
  const debts = (list: Debt[], title: string, testId: string) => (
    <AgentCard title={title} testId={testId}>
      {list.length === 0 ? (
        <p className="list-empty">{t('agent_debts_none')}</p>
      ) : (
        <ScrollRegion label={title}>
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
                  <NumCell label={t('agent_debt_original')}>{money(debt.originalMinor)}</NumCell>
                  <NumCell label={t('agent_debt_outstanding')}>{money(debt.outstandingMinor)}</NumCell>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </AgentCard>
  );

  return (
    <div className="panel-stack" data-testid="agent-income">
      <AgentCard>
        <RangePicker range={range} onChange={setRange} testId="income-range" />
        <div className="agent-search">
          <select value={kind ?? ''} aria-label={t('agent_contract_kind')} onChange={(event) => update({ kind: event.target.value || undefined })} data-testid="income-kind">
            <option value="">{t('agent_all_kinds')}</option>
            {KINDS.map((option: ContractKind) => (
              <option key={option} value={option}>
                {t(`agent_kind_${option}`)}
              </option>
            ))}
          </select>
        </div>
      </AgentCard>
      {data && (
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
      )}
      <AgentCard title={t('agent_income_entries')}>
        <PagedTable query={income} page={data} emptyText={t('agent_income_empty')} onPage={setPageNo} testId="income">
          {(page) => (
            <>
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
                {page.list.map((entry) => (
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
                    <NumCell label={t('agent_tier_rate')}>{entry.tier === null ? t('agent_no_tier') : `${t('agent_tier')} ${entry.tier} · ${formatRate(entry.rateBp)}`}</NumCell>
                    <td className="num" data-label={t('agent_record_amount')}>
                      <span className={entry.direction === 'received' ? 'amount-in' : 'amount-out'}>
                        {entry.direction === 'received' ? '+' : '-'}
                        {money(entry.amountMinor)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </PagedTable>
      </AgentCard>
      {data && debts(data.owedToMe, t('agent_owed_to_me'), 'owed-to-me')}
      {data && debts(data.owedByMe, t('agent_owed_by_me'), 'owed-by-me')}
    </div>
  );
}
