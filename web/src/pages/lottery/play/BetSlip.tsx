import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { uuid } from '../../../uuid';
import { slipRequest, slipTotalMinor, type LotterySlipRequest, type SlipBet } from './slip';
import { useWords } from './useWords';

export interface BetSlipProps {
  bets: readonly SlipBet[];
  /** The draw the slip goes to; null when no draw takes bets. */
  drawNo: string | null;
  /** False after the close, or for a guest or demo account. */
  canPlace: boolean;
  /** Why the slip cannot be placed, when it cannot (an i18n key). */
  blockedKey?: string | null;
  currencySymbol?: string | null;
  onRemove: (id: string) => void;
  onClear: () => void;
  /** Places the slip; a rejection's message is shown in the dialog. */
  onPlace: (slip: LotterySlipRequest) => Promise<unknown>;
}

/**
 * The betting slip: every bet added, each removable, the total, and a confirmation dialog listing the bets before they
 * are placed. A placed slip empties; a refused one stays, with the reason.
 */
export function BetSlip({ bets, drawNo, canPlace, blockedKey, currencySymbol, onRemove, onClear, onPlace }: BetSlipProps) {
  const words = useWords(currencySymbol);
  const { t } = words;
  const [confirming, setConfirming] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placedDraw, setPlacedDraw] = useState<string | null>(null);
  /** One name per confirmation: retrying in the same dialog cannot place the slip twice. */
  const [requestId, setRequestId] = useState('');
  const total = slipTotalMinor(bets);

  const place = async () => {
    if (!drawNo) return;
    setPlacing(true);
    setError(null);
    try {
      await onPlace(slipRequest(drawNo, requestId, bets));
      setConfirming(false);
      setPlacedDraw(drawNo);
      onClear();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('lp_place_failed'));
    } finally {
      setPlacing(false);
    }
  };

  return (
    <section className="lp-slip" data-testid="lp-slip" aria-labelledby="lp-slip-title">
      <div className="lp-slip-head">
        <h3 id="lp-slip-title">
          {t('lp_slip')} {bets.length > 0 ? `(${bets.length})` : ''}
        </h3>
        {bets.length > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" data-testid="lp-slip-clear" onClick={onClear}>
            {t('lp_slip_clear')}
          </button>
        )}
      </div>
      {bets.length === 0 ? (
        <p className="lp-muted">{placedDraw ? t('lp_placed', { drawNo: placedDraw }) : t('lp_slip_empty')}</p>
      ) : (
        <ul className="lp-slip-list">
          {bets.map((bet) => (
            <li key={bet.id} className="lp-slip-bet" data-testid="lp-slip-bet">
              <div className="lp-slip-bet-main">
                <strong>{words.betLabel(bet.betType)}</strong>
                <span className="lp-ticket-selection">{words.selectionText(bet.betType, bet.selection)}</span>
                <span className="lp-muted">{t('lp_stake_line', { bets: t('lp_bets_count', { count: bet.combinations }), unit: words.money(bet.unitStake), multiplier: bet.multiplier })}</span>
              </div>
              <span className="lp-slip-stake">{words.money(bet.stakeMinor)}</span>
              <button
                type="button"
                className="lp-remove"
                aria-label={t('lp_slip_remove', { bet: words.betLabel(bet.betType) })}
                title={t('lp_slip_remove', { bet: words.betLabel(bet.betType) })}
                onClick={() => onRemove(bet.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {bets.length > 0 && (
        <div className="lp-slip-foot">
          <strong data-testid="lp-slip-total">
            {t('lp_total')}: {words.money(total)}
          </strong>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="lp-place"
            disabled={!canPlace || !drawNo}
            onClick={() => {
              setError(null);
              setRequestId(uuid().replace(/[^A-Za-z0-9_-]/g, ''));
              setConfirming(true);
            }}
          >
            {t('lp_place')}
          </button>
        </div>
      )}
      {bets.length > 0 && blockedKey && <p className="lp-muted">{t(blockedKey)}</p>}
      {confirming && drawNo && (
        <Modal title={t('lp_confirm_title')} onClose={() => !placing && setConfirming(false)} testId="lp-confirm" size="sm" dismissible={!placing}>
          <p className="dialog-text">{t('lp_confirm_text', { drawNo, count: bets.length, total: words.money(total) })}</p>
          <ul className="lp-confirm-list">
            {bets.map((bet) => (
              <li key={bet.id}>
                <span>
                  {words.betLabel(bet.betType)} · {words.selectionText(bet.betType, bet.selection)}
                </span>
                <span>{words.money(bet.stakeMinor)}</span>
              </li>
            ))}
          </ul>
          {error && (
            <p className="lp-error" role="alert" data-testid="lp-place-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" disabled={placing} onClick={() => setConfirming(false)}>
              {t('lp_cancel')}
            </button>
            <button type="button" className="btn btn-primary" data-testid="lp-confirm-ok" disabled={placing || !canPlace} onClick={() => void place()}>
              {placing ? t('lp_placing') : t('lp_confirm')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
