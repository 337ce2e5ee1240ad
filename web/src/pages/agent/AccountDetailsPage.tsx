import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCases } from '../../useCases';
import { call } from '../../api';
import { useSession } from '../../state/session';
import { RECORD_TYPES } from '../../components/member/TransactionHistoryPanel';
import { agentApi, agentKeys } from './agentApi';
import { AgentCard, AgentPager, formatBrandTime, Money, QueryState, RangePicker, useBrandZone, useFilterParams, usePageNo, useReportRange } from './agentUi';
import { ScrollRegion } from '../../components/ScrollRegion';

const PAGE_SIZE = 20;
/** How many direct downline members the picker offers for one search. */
const PICKER_SIZE = 100;

/**
 * agentDownlineTransactionDetailsCopy (account details): the account record of the agent or of a member of its team
 * (`member` in the address, as the team management list links it), by movement type and range, newest first.
 */
export function AccountDetailsPage() {
  const { t } = useTranslation();
  const { token, member: self } = useSession();
  const zone = useBrandZone();
  const [params, update] = useFilterParams();
  const [range, setRange] = useReportRange(7);
  const [pageNo, setPageNo] = usePageNo();
  const teamMemberId = params.get('member') ?? undefined;
  const type = params.get('type') ?? undefined;
  const pickerAccount = params.get('account') ?? undefined;
  const [search, setSearch] = useState(pickerAccount ?? '');

  const q = { from: range.from, to: range.to, timeZoneOffsetMinutes: range.timeZoneOffsetMinutes, pageNo, pageSize: PAGE_SIZE, teamMemberId, type };
  const record = useQuery({
    queryKey: [useCases.agentMemberTransactions.id, token ?? '', q] as const,
    queryFn: ({ signal }) => call(useCases.agentMemberTransactions, q, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const pickerQuery = { from: range.today, to: range.today, pageNo: 1, pageSize: PICKER_SIZE, account: pickerAccount };
  const downline = useQuery({ queryKey: agentKeys.downline(token ?? '', pickerQuery), queryFn: ({ signal }) => agentApi.downline(pickerQuery, signal), enabled: token !== null });
  const data = record.data;
  const symbol = self?.currencySymbol;

  const choices = downline.data?.list.map((row) => ({ memberId: row.memberId, account: row.account })) ?? [];
  // A member opened by link from deeper in the team is offered too, named once its record has answered.
  const shown = data?.member;
  if (teamMemberId && shown && shown.memberId === teamMemberId && !choices.some((choice) => choice.memberId === teamMemberId)) choices.unshift(shown);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ account: search.trim() || undefined });
  };

  return (
    <div className="panel-stack" data-testid="agent-account-details">
      <AgentCard>
        <RangePicker range={range} onChange={setRange} testId="details-range" />
        <form className="agent-search" onSubmit={onSearch} role="search">
          <input
            type="search"
            value={search}
            placeholder={t('agent_search_account')}
            aria-label={t('agent_search_account')}
            maxLength={50}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="details-search"
          />
          <button type="submit" className="btn btn-primary btn-sm" data-testid="details-search-submit">
            {t('agent_search')}
          </button>
          <select value={teamMemberId ?? ''} aria-label={t('agent_details_member')} onChange={(event) => update({ member: event.target.value || undefined })} data-testid="details-member">
            <option value="">{t('agent_details_myself', { account: self?.account ?? '' })}</option>
            {choices.map((choice) => (
              <option key={choice.memberId} value={choice.memberId}>
                {choice.account}
              </option>
            ))}
          </select>
          <select value={type ?? ''} aria-label={t('records_type')} onChange={(event) => update({ type: event.target.value || undefined })} data-testid="details-type">
            <option value="">{t('agent_details_all_types')}</option>
            {RECORD_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`record_type_${value}`)}
              </option>
            ))}
          </select>
        </form>
        {pickerAccount && downline.data && downline.data.list.length === 0 && (
          <p className="list-empty" data-testid="details-member-none">
            {t('agent_details_no_member')}
          </p>
        )}
      </AgentCard>
      <AgentCard>
        {data && (
          <p className="agent-details-whose" data-testid="details-whose">
            {t('agent_details_whose', { account: data.member.account || self?.account || '', currency: data.currency })}
          </p>
        )}
        <QueryState loading={record.isFetching} error={record.error} empty={!data || data.content.length === 0} emptyText={t('records_empty')} onRetry={() => void record.refetch()} testId="details" />
        {data && data.content.length > 0 && (
          <ScrollRegion busy={record.isFetching}>
            <table className="data-table agent-table" data-testid="details-table">
              <thead>
                <tr>
                  <th>{t('agent_details_time')}</th>
                  <th>{t('records_type')}</th>
                  <th className="num">{t('agent_details_amount')}</th>
                  <th className="num">{t('records_balance_after')}</th>
                  <th>{t('records_reference')}</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((row) => (
                  <tr key={row.id} data-testid="details-row" data-type={row.type}>
                    <td data-label={t('agent_details_time')}>{formatBrandTime(row.createdAt, zone)}</td>
                    <td data-label={t('records_type')}>{t(`record_type_${row.type}`, { defaultValue: row.type })}</td>
                    <td className="num" data-label={t('agent_details_amount')}>
                      <Money amount={row.amount} symbol={symbol} signed testId="details-amount" />
                    </td>
                    <td className="num" data-label={t('records_balance_after')}>
                      <Money amount={row.balanceAfter} symbol={symbol} />
                    </td>
                    <td className="muted mono" data-label={t('records_reference')} title={row.reference ?? ''}>
                      {row.reference ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {data && <AgentPager pageNo={data.pageNum} totalPages={data.totalPages} total={data.total} busy={record.isFetching} onPage={setPageNo} testId="details-pager" />}
      </AgentCard>
    </div>
  );
}
