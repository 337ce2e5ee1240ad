import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContractKind } from '@wps/contracts';
import { useSession } from '../../state/session';
import { StatusBadge } from '../../components/member/common';
import { agentApi, agentKeys } from './agentApi';
import { formatMinor, formatRate } from './agentFormat';
import { AgentCard, formatBrandTime, NumCell, PagedTable, useBrandZone, usePageNo } from './agentUi';

const PAGE_SIZE = 20;

/** A contract kind's settlement records: the agent's own and those it paid its downline, each with its inputs. */
export function SettlementRecords({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const zone = useBrandZone();
  const [pageNo, setPageNo] = usePageNo('recordsPage');
  const q = { kind, pageNo, pageSize: PAGE_SIZE };
  const records = useQuery({ queryKey: agentKeys.settlements(token ?? '', q), queryFn: ({ signal }) => agentApi.settlements(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = records.data;
  const symbol = member?.currencySymbol;
  const money = (minor: string) => formatMinor(minor, symbol);

  return (
    <AgentCard title={t('agent_settlement_records')} testId="settlement-records">
      <PagedTable query={records} page={data} emptyText={t('agent_records_empty')} onPage={setPageNo} testId="records">
        {(page) => (
          <>
            <thead>
              <tr>
                <th>{t('agent_period')}</th>
                <th>{t('agent_record_role')}</th>
                <th className="num">{t('agent_record_base')}</th>
                <th className="num">{t('agent_active_members')}</th>
                <th className="num">{t('agent_tier_rate')}</th>
                <th className="num">{t('agent_record_amount')}</th>
                <th className="num">{t('agent_record_paid')}</th>
                <th className="num">{t('agent_record_debt')}</th>
                <th>{t('agent_state')}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((record) => (
                <tr key={record.settlementId} data-testid="records-row">
                  <td data-label={t('agent_period')}>
                    {formatBrandTime(record.periodStart, zone)}
                    <span className="row-note">
                      <span className="flip-rtl" aria-hidden="true">
                        →
                      </span>{' '}
                      {formatBrandTime(record.periodEnd, zone)}
                    </span>
                  </td>
                  <td data-label={t('agent_record_role')}>
                    {t(`agent_role_${record.role}`)}
                    {record.role === 'paid' && <span className="row-note">{record.agentAccount ?? record.agentId}</span>}
                  </td>
                  <td className="num" data-label={t('agent_record_base')}>
                    {money(record.baseMinor)}
                    {record.carryInMinor !== '0' && <span className="row-note">{t('agent_carry_in', { amount: money(record.carryInMinor) })}</span>}
                    {record.carryOutMinor !== '0' && <span className="row-note">{t('agent_carry_out', { amount: money(record.carryOutMinor) })}</span>}
                  </td>
                  <NumCell label={t('agent_active_members')}>{record.activeMembers}</NumCell>
                  <NumCell label={t('agent_tier_rate')}>{record.tier === null ? t('agent_no_tier') : `${t('agent_tier')} ${record.tier} · ${formatRate(record.rateBp)}`}</NumCell>
                  <td className="num" data-label={t('agent_record_amount')}>
                    {money(record.amountMinor)}
                    {record.downlineMinor !== '0' && <span className="row-note">{t('agent_gross_less_downline', { gross: money(record.grossMinor), downline: money(record.downlineMinor) })}</span>}
                  </td>
                  <NumCell label={t('agent_record_paid')}>{money(record.paidMinor)}</NumCell>
                  <NumCell label={t('agent_record_debt')}>{money(record.debtMinor)}</NumCell>
                  <td data-label={t('agent_state')}>
                    <StatusBadge status={record.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </PagedTable>
    </AgentCard>
  );
}
