import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { formatAmount } from '../../money';
import { DateRangeFilter, FilterBar, SelectFilter } from '../fields/FilterBar';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, SignedAmount, useBalanceVersion, usePaged } from './common';
import { boundary, dateInputValue, daysAgo } from './dates';
import { ScrollRegion } from '../ScrollRegion';

export const RECORD_TYPES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal',
  'transfer',
  'bet',
  'win',
  'rollback',
  'tip',
  'void',
  'resettle',
  'jackpot',
  'commission',
  'adjustment',
  'bonus',
  'points',
  'demo_deposit',
] as const;

interface Filters {
  type: string;
  from: string;
  to: string;
}

export function TransactionHistoryPanel() {
  const { t, i18n } = useTranslation();
  const version = useBalanceVersion();
  const [draft, setDraft] = useState<Filters>({ type: '', from: '', to: '' });
  const [applied, setApplied] = useState<Filters>(draft);

  const fetchPage = useCallback(
    (pageNo: number) =>
      api.accountRecords({
        pageNo,
        pageSize: PAGE_SIZE,
        type: applied.type || undefined,
        from: boundary(applied.from, false),
        to: boundary(applied.to, true),
      }),
    [applied],
  );
  const records = usePaged(fetchPage, version);

  const shortcut = (days: number) => {
    const next = { ...draft, from: daysAgo(days - 1), to: dateInputValue(new Date()) };
    setDraft(next);
    setApplied(next);
  };

  const rows = records.data?.content ?? [];
  return (
    <div className="panel-stack" data-testid="panel-transactionHistory">
      <Card title={t('records_title')}>
        <FilterBar
          onSearch={() => setApplied(draft)}
          searchTestId="records-search"
          actions={
            <>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => shortcut(7)} data-testid="records-last7">
                {t('range_prev_7')}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => shortcut(30)} data-testid="records-last30">
                {t('range_prev_30')}
              </button>
            </>
          }
        >
          <SelectFilter
            label={t('records_type')}
            value={draft.type}
            onChange={(type) => setDraft({ ...draft, type })}
            testId="records-type"
            options={RECORD_TYPES.map((type) => ({ value: type, label: t(`record_type_${type}`) }))}
          />
          <DateRangeFilter from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} testIdPrefix="records" />
        </FilterBar>
        <ListState loading={records.loading} error={records.error} empty={rows.length === 0} emptyText={t('records_empty')} testId="records" />
        {rows.length > 0 && (
          <ScrollRegion label={t('records_title')}>
            <table className="data-table" data-testid="records-table">
              <thead>
                <tr>
                  <th>{t('col_time')}</th>
                  <th>{t('records_type')}</th>
                  <th className="num">{t('money_amount')}</th>
                  <th className="num">{t('records_balance_after')}</th>
                  <th>{t('records_reference')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((record) => (
                  <tr key={record.id} data-testid="record-row" data-type={record.type}>
                    <td>{formatDateTime(record.createdAt, i18n.language)}</td>
                    <td data-testid="record-type">{t(`record_type_${record.type}`, { defaultValue: record.type })}</td>
                    <td className="num">
                      <SignedAmount amount={record.amount} testId="record-amount" />
                    </td>
                    <td className="num">{formatAmount(record.balanceAfter)}</td>
                    <td className="muted mono" title={record.reference ?? ''}>
                      {record.reference ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager state={records} testId="records-pager" />
      </Card>
    </div>
  );
}
