import { useState } from 'react';
import type { ContractKind } from '@wps/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../state/session';
import { agentApi, agentKeys, type DownlineRow } from './agentApi';
import { formatRate } from './agentFormat';
import { CONTRACT_FLAGS } from './agentPages';
import { useContractFlags } from './contractFlags';
import { AgentCard, formatBrandTime, Money, NumCell, PagedTable, ReportFilters, useBrandZone, useFilterParams, usePageNo, useReportRange } from './agentUi';
import { TransferDialog } from './TransferDialog';

const PAGE_SIZE = 20;
/** The contracts page lists at most this many direct downline agents; the rates column covers them. */
const CONTRACT_ROWS = 100;
const KINDS: readonly ContractKind[] = ['dividend', 'daily', 'hourly', 'realtime'];

/** Each direct downline agent's contracts in force, by kind, for the kinds the brand runs. */
function useDownlineRates(): Map<string, { kind: ContractKind; rateBp: number; pending: boolean }[]> {
  const { token } = useSession();
  const flags = useContractFlags();
  const kinds = KINDS.filter((kind) => flags?.[CONTRACT_FLAGS[kind]]);
  const results = useQueries({
    queries: kinds.map((kind) => ({
      queryKey: agentKeys.contracts(token ?? '', kind, 1, CONTRACT_ROWS),
      queryFn: ({ signal }: { signal: AbortSignal }) => agentApi.contracts(kind, 1, CONTRACT_ROWS, signal),
      enabled: token !== null,
    })),
  });
  const rates = new Map<string, { kind: ContractKind; rateBp: number; pending: boolean }[]>();
  for (const { data: answer } of results) {
    if (!answer) continue;
    for (const item of answer.downlines.items) {
      const contract = item.current ?? item.next;
      if (!contract && !item.pending) continue;
      const list = rates.get(item.memberId) ?? [];
      list.push({ kind: answer.kind, rateBp: contract ? Math.max(...contract.tiers.map((tier) => tier.rateBp)) : 0, pending: !contract });
      rates.set(item.memberId, list);
    }
  }
  return rates;
}

/**
 * downlineManagmentView: the direct downline of the agent, or of a downline agent it drilled into (breadcrumb back up),
 * with each one's team figures over the range; search by account; a transfer to any of them.
 */
export function DownlinePage() {
  const { t } = useTranslation();
  const { token, member } = useSession();
  const zone = useBrandZone();
  const [params, update] = useFilterParams();
  const [range, setRange] = useReportRange(30);
  const [pageNo, setPageNo] = usePageNo();
  const parentId = params.get('parent') ?? undefined;
  const account = params.get('account') ?? undefined;
  const [transferTo, setTransferTo] = useState<DownlineRow | null>(null);
  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes, pageNo, pageSize: PAGE_SIZE, parentId, account };
  const downline = useQuery({ queryKey: agentKeys.downline(token ?? '', q), queryFn: ({ signal }) => agentApi.downline(q, signal), enabled: token !== null, placeholderData: keepPreviousData });
  const data = downline.data;
  const symbol = member?.currencySymbol;
  const rates = useDownlineRates();

  return (
    <div className="panel-stack" data-testid="agent-downline">
      <ReportFilters range={range} onRange={setRange} account={account} onAccount={(next) => update({ account: next })} testId="downline" />
      <AgentCard
        aside={
          data && data.breadcrumb.length > 0 ? (
            <nav className="agent-breadcrumb" aria-label={t('agent_breadcrumb')} data-testid="downline-breadcrumb">
              {data.breadcrumb.map((entry, index) => {
                const last = index === data.breadcrumb.length - 1;
                return (
                  <span key={entry.memberId}>
                    {index > 0 && <span aria-hidden="true"> › </span>}
                    {last ? (
                      <strong aria-current="page">{entry.account}</strong>
                    ) : (
                      <button
                        type="button"
                        className="agent-link"
                        data-testid={`breadcrumb-${entry.account}`}
                        onClick={() => update({ parent: index === 0 ? undefined : entry.memberId, account: undefined })}
                      >
                        {entry.account}
                      </button>
                    )}
                  </span>
                );
              })}
            </nav>
          ) : undefined
        }
      >
        <PagedTable query={downline} page={data} emptyText={t('agent_downline_empty')} onPage={setPageNo} testId="downline">
          {(page) => (
            <>
              <thead>
                <tr>
                  <th>{t('agent_account')}</th>
                  <th>{t('agent_role')}</th>
                  <th className="num">{t('agent_level')}</th>
                  <th className="num">{t('agent_team_size')}</th>
                  <th className="num">{t('agent_bet_count')}</th>
                  <th className="num">{t('agent_valid_bet')}</th>
                  <th className="num">{t('agent_members_profit')}</th>
                  <th className="num">{t('agent_member_balance')}</th>
                  <th>{t('agent_contract_rates')}</th>
                  <th>{t('agent_registered_at')}</th>
                  <th className="actions">{t('agent_actions')}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((row) => (
                  <tr key={row.memberId} data-testid={`downline-row-${row.account}`}>
                    <td data-label={t('agent_account')}>
                      {row.isAgent ? (
                        <button type="button" className="agent-link" data-testid={`downline-open-${row.account}`} onClick={() => update({ parent: row.memberId, account: undefined })}>
                          {row.account}
                        </button>
                      ) : (
                        row.account
                      )}
                    </td>
                    <td data-label={t('agent_role')}>{t(row.isAgent ? 'agent_role_agent' : 'agent_role_member')}</td>
                    <NumCell label={t('agent_level')}>{row.level}</NumCell>
                    <NumCell label={t('agent_team_size')}>{row.teamSize ?? '—'}</NumCell>
                    <NumCell label={t('agent_bet_count')}>{row.betCount}</NumCell>
                    <NumCell label={t('agent_valid_bet')}>
                      <Money amount={row.validBet} symbol={symbol} />
                    </NumCell>
                    <NumCell label={t('agent_members_profit')}>
                      <Money amount={row.profit} symbol={symbol} signed />
                    </NumCell>
                    <NumCell label={t('agent_member_balance')}>{row.balance === undefined ? '—' : <Money amount={row.balance} symbol={symbol} />}</NumCell>
                    <td data-label={t('agent_contract_rates')} data-testid={`downline-rates-${row.account}`}>
                      {(rates.get(row.memberId) ?? []).map((rate) => (
                        <span key={rate.kind} className="agent-rate-chip">
                          {t(`agent_kind_${rate.kind}`)} {rate.pending ? t('agent_rate_pending') : formatRate(rate.rateBp)}
                        </span>
                      ))}
                      {!rates.get(row.memberId)?.length && '—'}
                    </td>
                    <td data-label={t('agent_registered_at')}>{formatBrandTime(row.registeredAt, zone)}</td>
                    <td className="actions">
                      <Link className="btn btn-ghost btn-sm" to={`/agentHome?page=agentDownlineTransactionDetailsCopy&member=${row.memberId}`} data-testid={`downline-details-${row.account}`}>
                        {t('agent_page_agentDownlineTransactionDetailsCopy')}
                      </Link>
                      <button type="button" className="btn btn-outline btn-sm" data-testid={`downline-transfer-${row.account}`} onClick={() => setTransferTo(row)}>
                        {t('agent_transfer')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </PagedTable>
      </AgentCard>
      {transferTo && <TransferDialog account={transferTo.account} onClose={() => setTransferTo(null)} onDone={() => setTransferTo(null)} />}
    </div>
  );
}
