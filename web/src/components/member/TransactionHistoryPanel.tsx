import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { formatAmount } from '../../money';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, SignedAmount, useBalanceVersion, usePaged } from './common';
import { boundary, dateInputValue, daysAgo } from './dates';

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
        <form
          className="filters"
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(draft);
          }}
        >
          <label className="filter">
            <span>{t('records_type')}</span>
            <select value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value })} data-testid="records-type">
              <option value="">{t('records_type_all')}</option>
              {RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`record_type_${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="filter">
            <span>{t('records_from')}</span>
            <input type="date" value={draft.from} max={draft.to || undefined} onChange={(event) => setDraft({ ...draft, from: event.target.value })} data-testid="records-from" />
          </label>
          <label className="filter">
            <span>{t('records_to')}</span>
            <input type="date" value={draft.to} min={draft.from || undefined} onChange={(event) => setDraft({ ...draft, to: event.target.value })} data-testid="records-to" />
          </label>
          <div className="filter-buttons">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => shortcut(7)} data-testid="records-last7">
              {t('range_prev_7')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => shortcut(30)} data-testid="records-last30">
              {t('range_prev_30')}
            </button>
            <button type="submit" className="btn btn-primary btn-sm" data-testid="records-search">
              {t('records_search')}
            </button>
          </div>
        </form>
        <ListState loading={records.loading} error={records.error} empty={rows.length === 0} emptyText={t('records_empty')} testId="records" />
        {rows.length > 0 && (
          <div className="table-wrap">
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
                      {record.reference ? record.reference.slice(0, 18) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager state={records} testId="records-pager" />
      </Card>
    </div>
  );
}
