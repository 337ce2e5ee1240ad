import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RebateAccrual } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { ApiError, call, errorMessage } from '../../../api';
import { useIdempotentAction } from '../../../idempotency';
import { useSession } from '../../../state/session';
import { showToast } from '../../../state/ui';
import { Card, formatDateTime, ListState } from '../common';
import { formatMinor } from '../rewards/format';
import './rebate.css';
import { ScrollRegion } from '../../ScrollRegion';

const accrualKey = (token: string | null) => [useCases.rebateAccrual.id, token] as const;

/** A rate in basis points as a percentage ("30" → "0.30%"). */
const percent = (basisPoints: number): string => `${(basisPoints / 100).toFixed(2)}%`;

/**
 * manualRebate: today's rebate so far (valid bet of the brand's day by game type × the rate of the member's VIP
 * level), what was claimed today, and the claim of what is left. The daily run pays only what no claim covered.
 */
export function ManualRebatePanel() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { token } = useSession();
  const idempotent = useIdempotentAction();
  const [busy, setBusy] = useState(false);
  const accrual = useQuery({ queryKey: accrualKey(token), queryFn: ({ signal }) => call(useCases.rebateAccrual, {}, { signal }), enabled: token !== null });
  const data = accrual.data;

  const claim = async () => {
    setBusy(true);
    try {
      const answer = await idempotent({ action: 'rebate', day: data?.day }, (idempotencyKey) => call(useCases.claimRebate, {}, { idempotencyKey }));
      client.setQueryData<RebateAccrual>(accrualKey(token), answer.accrual);
      showToast(t('rebate_claimed_toast', { amount: formatMinor(answer.claim.amountMinor, answer.claim.currency) }));
    } catch (error) {
      showToast(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) void accrual.refetch();
    } finally {
      setBusy(false);
    }
  };

  const currency = data?.currency ?? '';
  const claimable = data ? BigInt(data.claimableMinor) : 0n;

  return (
    <div className="panel-stack" data-testid="panel-manualRebate">
      <Card testId="rebate-today">
        <ListState loading={accrual.isFetching && !data} error={accrual.error ? errorMessage(accrual.error) : null} empty={!data} emptyText="" testId="rebate" />
        {data && (
          <div className="rebate-hero">
            <div className="rebate-hero-main">
              <span className="rebate-hero-label">{t('rebate_claimable')}</span>
              <strong className="rebate-hero-amount" data-testid="rebate-claimable">
                {formatMinor(data.claimableMinor, currency)}
              </strong>
              <span className="rebate-hero-meta" data-testid="rebate-rate">
                {data.available ? t('rebate_rate', { label: data.labelName, rate: percent(data.rateBasisPoints), day: data.day }) : t('rebate_unavailable')}
              </span>
            </div>
            <button type="button" className="btn btn-primary rebate-claim" data-testid="rebate-claim" disabled={busy || !data.available || claimable <= 0n} onClick={() => void claim()}>
              {busy ? t('rebate_claiming') : t('rebate_claim')}
            </button>
          </div>
        )}
        {data && (
          <dl className="rebate-figures">
            <div>
              <dt>{t('rebate_valid_bet')}</dt>
              <dd data-testid="rebate-valid-bet">{formatMinor(data.validBetMinor, currency)}</dd>
            </div>
            <div>
              <dt>{t('rebate_accrued')}</dt>
              <dd data-testid="rebate-accrued">{formatMinor(data.accruedMinor, currency)}</dd>
            </div>
            <div>
              <dt>{t('rebate_claimed')}</dt>
              <dd data-testid="rebate-claimed">{formatMinor(data.claimedMinor, currency)}</dd>
            </div>
          </dl>
        )}
      </Card>

      <Card testId="rebate-lines" title={t('rebate_lines_title')}>
        <ListState loading={accrual.isFetching && !data} error={null} empty={(data?.lines.length ?? 0) === 0} emptyText={t('rebate_lines_empty')} testId="rebate-lines" />
        {data && data.lines.length > 0 && (
          <ScrollRegion className="rebate-table-wrap" label={t('rebate_lines_title')}>
            <table className="rebate-table" data-testid="rebate-line-table">
              <thead>
                <tr>
                  <th>{t('rebate_game_type')}</th>
                  <th>{t('rebate_valid_bet')}</th>
                  <th>{t('rebate_amount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.gameType} data-testid="rebate-line" data-game-type={line.gameType}>
                    <td>{t(`rebate_type_${line.gameType}`, { defaultValue: line.gameType })}</td>
                    <td>{formatMinor(line.validBetMinor, currency)}</td>
                    <td>{formatMinor(line.rebateMinor, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <p className="rebate-note">{t('rebate_note')}</p>
      </Card>

      {data && data.claims.length > 0 && (
        <Card testId="rebate-claims" title={t('rebate_claims_title')}>
          <ul className="rebate-claims" data-testid="rebate-claim-list">
            {data.claims.map((claim) => (
              <li key={claim.claimId} className="rebate-claim-line" data-testid="rebate-claim-line">
                <span>{formatDateTime(claim.claimedAt, i18n.language)}</span>
                <span className="rebate-claim-bet">{t('rebate_claim_covers', { amount: formatMinor(claim.validBetMinor, claim.currency) })}</span>
                <strong>{formatMinor(claim.amountMinor, claim.currency)}</strong>
                <span className={`status-badge tone-${claim.paid ? 'ok' : 'info'}`}>{claim.paid ? t('rebate_paid') : t('rebate_paying')}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
