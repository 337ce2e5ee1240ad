import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoney } from '../../money';
import { useSession } from '../../state/session';
import { BET_GAME_TYPES, BET_STATUSES, fetchBetRecord, type BetRecordPage, type BetStatus } from './betRecordApi';
import { DateRangeFilter, FilterBar, SelectFilter } from '../fields/FilterBar';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, SignedAmount, StatusBadge, useBalanceVersion, usePaged } from './common';
import { boundary, dateInputValue, daysAgo } from './dates';
import { ScrollRegion } from '../ScrollRegion';

const RANGES = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const;
type RangePreset = (typeof RANGES)[number];

interface BetFilters {
  range: RangePreset;
  /** yyyy-MM-dd, only for the custom range. */
  from: string;
  to: string;
  gameType: string;
  status: '' | BetStatus;
}

/** The local days a preset covers, first and last, as date-input values. */
function rangeDays(filters: BetFilters): { from: string; to: string } {
  switch (filters.range) {
    case 'today':
      return { from: daysAgo(0), to: daysAgo(0) };
    case 'yesterday':
      return { from: daysAgo(1), to: daysAgo(1) };
    case 'last7':
      return { from: daysAgo(6), to: dateInputValue(new Date()) };
    case 'last30':
      return { from: daysAgo(29), to: dateInputValue(new Date()) };
    case 'custom':
      return { from: filters.from, to: filters.to };
  }
}

export function BettingRecordPanel() {
  const { t, i18n } = useTranslation();
  const { member } = useSession();
  const version = useBalanceVersion();
  const [draft, setDraft] = useState<BetFilters>({ range: 'last7', from: '', to: '', gameType: '', status: '' });
  const [applied, setApplied] = useState<BetFilters>(draft);

  const fetchPage = useCallback(
    (pageNo: number) => {
      const days = rangeDays(applied);
      return fetchBetRecord({
        pageNo,
        pageSize: PAGE_SIZE,
        gameType: applied.gameType || undefined,
        status: applied.status || undefined,
        from: boundary(days.from, false),
        to: boundary(days.to, true),
      });
    },
    [applied],
  );
  const bets = usePaged(fetchPage, version);
  const page = bets.data as BetRecordPage | null;
  const rows = page?.content ?? [];
  // A choice takes effect at once, except in a custom range, which waits for Search so a half-typed range is not sent.
  const choose = (change: Partial<BetFilters>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (next.range !== 'custom') setApplied(next);
  };
  const symbol = member?.currencySymbol;

  return (
    <div className="panel-stack" data-testid="panel-personalHistoryCopy">
      <Card title={t('bets_title')}>
        <FilterBar onSearch={() => setApplied(draft)} searchTestId="bets-search">
          <SelectFilter
            label={t('bets_range')}
            value={draft.range}
            onChange={(range) => choose({ range: range as RangePreset })}
            testId="bets-range"
            options={RANGES.map((range) => ({ value: range, label: t(`bets_range_${range}`) }))}
            withAll={false}
          />
          {draft.range === 'custom' && <DateRangeFilter from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} testIdPrefix="bets" />}
          <SelectFilter
            label={t('bets_game_type')}
            value={draft.gameType}
            onChange={(gameType) => choose({ gameType })}
            testId="bets-game-type"
            options={BET_GAME_TYPES.map((gameType) => ({ value: gameType, label: t(`bets_game_type_${gameType}`) }))}
          />
          <SelectFilter
            label={t('col_status')}
            value={draft.status}
            onChange={(status) => choose({ status: status as BetFilters['status'] })}
            testId="bets-status"
            options={BET_STATUSES.map((status) => ({ value: status, label: t(`status_${status}`) }))}
          />
        </FilterBar>
        {page && (
          <div className="wallet-summary bets-totals" data-testid="bets-totals">
            <div className="wallet-figure">
              <span className="wallet-label">{t('bets_total_bet')}</span>
              <span className="wallet-value" data-testid="bets-total-bet">
                {formatMoney(page.totals.betAmount, symbol)}
              </span>
            </div>
            <div className="wallet-figure">
              <span className="wallet-label">{t('bets_total_valid')}</span>
              <span className="wallet-value" data-testid="bets-total-valid">
                {formatMoney(page.totals.validBet, symbol)}
              </span>
            </div>
            <div className="wallet-figure">
              <span className="wallet-label">{t('bets_total_win')}</span>
              <span className="wallet-value" data-testid="bets-total-win">
                {formatMoney(page.totals.winAmount, symbol)}
              </span>
            </div>
            <div className="wallet-figure">
              <span className="wallet-label">{t('bets_total_net')}</span>
              <span className="wallet-value">
                <SignedAmount amount={page.totals.net} testId="bets-total-net" />
              </span>
            </div>
          </div>
        )}
        <ListState loading={bets.loading} error={bets.error} empty={rows.length === 0} emptyText={t('bets_empty')} testId="bets" />
        {rows.length > 0 && (
          <ScrollRegion label={t('bets_title')}>
            <table className="data-table" data-testid="bets-table">
              <thead>
                <tr>
                  <th>{t('col_time')}</th>
                  <th>{t('bets_game')}</th>
                  <th className="num">{t('bets_amount')}</th>
                  <th className="num">{t('bets_valid')}</th>
                  <th className="num">{t('bets_win')}</th>
                  <th>{t('col_status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((bet) => (
                  <tr key={`${bet.vendor}-${bet.roundId}`} data-testid="bet-row" data-round={bet.roundId} data-status={bet.status} data-game-type={bet.gameType}>
                    <td>
                      {formatDateTime(bet.createdAt, i18n.language)}
                      {bet.settledAt && <span className="row-note">{t('bets_settled_at', { time: formatDateTime(bet.settledAt, i18n.language) })}</span>}
                    </td>
                    <td>
                      <span>{bet.gameCode ?? bet.gameType}</span>
                      <span className="row-note">
                        {bet.vendor} · {bet.gameType} · #{bet.roundId}
                      </span>
                    </td>
                    <td className="num">{formatAmount(bet.betAmount)}</td>
                    <td className="num">{formatAmount(bet.validBet)}</td>
                    <td className="num">{formatAmount(bet.winAmount)}</td>
                    <td>
                      <StatusBadge status={bet.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager state={bets} testId="bets-pager" />
      </Card>
    </div>
  );
}
