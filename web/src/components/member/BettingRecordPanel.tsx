import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { formatAmount } from '../../money';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, StatusBadge, useBalanceVersion, usePaged } from './common';

export function BettingRecordPanel() {
  const { t, i18n } = useTranslation();
  const version = useBalanceVersion();
  const fetchPage = useCallback((pageNo: number) => api.bets(pageNo, PAGE_SIZE), []);
  const bets = usePaged(fetchPage, version);
  const rows = bets.data?.content ?? [];

  return (
    <div className="panel-stack" data-testid="panel-personalHistoryCopy">
      <Card title={t('bets_title')}>
        <ListState loading={bets.loading} error={bets.error} empty={rows.length === 0} emptyText={t('bets_empty')} testId="bets" />
        {rows.length > 0 && (
          <div className="table-wrap">
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
                  <tr key={`${bet.vendor}-${bet.roundId}`} data-testid="bet-row">
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
          </div>
        )}
        <Pager state={bets} testId="bets-pager" />
      </Card>
    </div>
  );
}
