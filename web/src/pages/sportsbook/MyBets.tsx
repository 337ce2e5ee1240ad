import { useId, useState } from 'react';
import { partialCashOut } from '@wps/contracts';
import { ApiError, errorMessage } from '../../api';
import { signOf } from '../../money';
import { uuid } from '../../uuid';
import { marketLabel, outcomeLabel, sidesOf } from './markets';
import { changedOffer, minorOf, minorText } from './slip';
import { sportsbookApi, type BetValue, type CashedOutValue } from './sportsbookApi';
import type { SportsWords } from './useSportsWords';

export type BetsTab = 'open' | 'settled';

export interface MyBetsProps {
  words: SportsWords;
  tab: BetsTab;
  onTab: (tab: BetsTab) => void;
  bets: readonly BetValue[] | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** A refused cash-out brought the bet's offer now. */
  onOffer: (betId: string, offer: string | null) => void;
  /** A cash-out was paid: the balance and the bets are read again. */
  onCashedOut: (value: CashedOutValue) => void;
  /** A real-money account: only it can cash out. */
  canCashOut: boolean;
}

/** The member's bets, open or settled: each with its legs' states, its figures and, while open, its cash-out offer. */
export function MyBets({ words, tab, onTab, bets, loading, error, onRetry, onOffer, onCashedOut, canCashOut }: MyBetsProps) {
  const { t } = words;
  // Kept here, not on the bet: a bet cashed out in full leaves the open bets.
  const [cashed, setCashed] = useState<{ betId: string; amount: string } | null>(null);
  const cashedOut = (value: CashedOutValue) => {
    setCashed({ betId: value.bet.betId, amount: value.amount });
    onCashedOut(value);
  };
  return (
    <section className="sb-bets" data-testid="sb-bets" aria-label={t('sb_my_bets')}>
      <div className="sb-modes" role="tablist" aria-label={t('sb_my_bets')}>
        {(['open', 'settled'] as const).map((option) => (
          <button key={option} type="button" role="tab" aria-selected={tab === option} className={tab === option ? 'is-on' : undefined} data-testid={`sb-bets-${option}`} onClick={() => onTab(option)}>
            {t(`sb_bets_${option}`)}
          </button>
        ))}
      </div>
      {cashed && (
        <p className="sb-placed" role="status" data-testid="sb-cashout-done">
          {t('sb_cashout_done', { amount: words.money(cashed.amount), betId: cashed.betId })}
        </p>
      )}
      {error && (
        <div className="sb-notice" role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
            {t('sb_retry')}
          </button>
        </div>
      )}
      {!bets && !error && <p className="sb-empty">{t('sb_loading')}</p>}
      {bets && bets.length === 0 && !loading && (
        <p className="sb-empty" data-testid="sb-bets-empty">
          {t(tab === 'open' ? 'sb_no_open_bets' : 'sb_no_settled_bets')}
        </p>
      )}
      {bets && bets.length > 0 && (
        <ul className="sb-bet-list">
          {bets.map((bet) => (
            <BetCard key={bet.betId} bet={bet} words={words} onOffer={onOffer} onCashedOut={cashedOut} canCashOut={canCashOut} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The bet's headline state: open, won, lost, cashed out or cancelled. */
function betState(bet: BetValue): string {
  if (bet.status === 'settled') return bet.payout !== null && signOf(bet.payout) > 0 ? 'won' : 'lost';
  return bet.status;
}

interface BetCardProps {
  bet: BetValue;
  words: SportsWords;
  onOffer: MyBetsProps['onOffer'];
  onCashedOut: MyBetsProps['onCashedOut'];
  canCashOut: boolean;
}

function BetCard({ bet, words, onOffer, onCashedOut, canCashOut }: BetCardProps) {
  const { t } = words;
  const partialId = useId();
  const [confirming, setConfirming] = useState(false);
  const [partialOpen, setPartialOpen] = useState(false);
  const [partialText, setPartialText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const offer = bet.status === 'open' ? bet.cashOutOffer : null;
  const offerMinor = offer ? minorOf(offer) : null;
  const stakeMinor = minorOf(bet.stake);
  const partialMinor = minorOf(partialText);
  const partialAllowed = bet.type !== 'system' && offerMinor !== null && offerMinor > 1 && stakeMinor !== null && stakeMinor > 1;
  let partialLeft: number | null = null;
  if (partialAllowed && partialMinor !== null && stakeMinor !== null && offerMinor !== null) {
    try {
      partialLeft = partialCashOut(stakeMinor, offerMinor, partialMinor).remainingStakeMinor;
    } catch {
      partialLeft = null;
    }
  }

  const cashOut = async (amount: string | null) => {
    if (!offer) return;
    setBusy(true);
    setError(null);
    try {
      const value = await sportsbookApi.cashOut(bet.betId, { expectedOffer: offer, requestId: uuid().replace(/[^A-Za-z0-9]/g, ''), ...(amount ? { amount } : {}) });
      setConfirming(false);
      setPartialOpen(false);
      setPartialText('');
      onCashedOut(value);
    } catch (failure) {
      setConfirming(false);
      if (failure instanceof ApiError && failure.code === 'SPORTS_CASHOUT_CHANGED') {
        const next = changedOffer(failure.value);
        onOffer(bet.betId, next);
        setError(next ? t('sb_offer_changed', { amount: words.money(next) }) : errorMessage(failure));
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const state = betState(bet);
  const typeText = bet.type === 'system' ? t('sb_bet_system', { size: bet.systemSize ?? 0, of: bet.legs.length, count: bet.combinations }) : t(`sb_bet_${bet.type}`);
  return (
    <li className="sb-bet" data-testid="sb-bet" data-bet-id={bet.betId} data-status={bet.status} data-type={bet.type}>
      <div className="sb-bet-head">
        <strong className="sb-bet-type">{typeText}</strong>
        <span className={`sb-state is-${state}`} data-testid="sb-bet-state">
          {t(`sb_bet_state_${state}`)}
        </span>
      </div>
      <div className="sb-bet-meta">
        <span>#{bet.betId}</span>
        <span>{words.dateTime(bet.placedAt)}</span>
      </div>
      <ul className="sb-legs">
        {bet.legs.map((leg, index) => {
          const sides = sidesOf(leg.eventName);
          const names = { home: sides?.home ?? null, away: sides?.away ?? null, outcomeName: leg.outcomeName };
          return (
            <li key={`${leg.eventId}|${leg.market}|${index}`} className="sb-leg" data-testid="sb-leg" data-state={leg.state}>
              <div className="sb-leg-main">
                <span className="sb-pick-outcome">{words.label(outcomeLabel(leg, leg.outcome, names))}</span>
                <span className="sb-pick-market">{words.label(marketLabel(leg, leg.sport))}</span>
                <span className="sb-pick-event">
                  {leg.live && <span className="sb-live-badge">{t('sb_live')}</span>} {leg.eventName}
                </span>
              </div>
              <div className="sb-leg-side">
                <span className="sb-leg-price">{words.odds(leg.price)}</span>
                <span className={`sb-state is-${leg.state}`} data-testid="sb-leg-state">
                  {t(`sb_leg_${leg.state}`)}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="sb-bet-figures">
        <div>
          <dt>{t('sb_stake')}</dt>
          <dd data-testid="sb-bet-stake">{words.money(bet.stake)}</dd>
        </div>
        {bet.totalPrice !== null && (
          <div>
            <dt>{t('sb_total_odds')}</dt>
            <dd data-testid="sb-bet-odds">{words.odds(bet.totalPrice)}</dd>
          </div>
        )}
        {bet.status === 'open' ? (
          <div>
            <dt>{t('sb_potential_payout')}</dt>
            <dd data-testid="sb-bet-potential">{words.money(bet.potentialPayout)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('sb_payout')}</dt>
            <dd data-testid="sb-bet-payout">{words.money(bet.payout ?? '0')}</dd>
          </div>
        )}
        {signOf(bet.cashedOut) > 0 && (
          <div>
            <dt>{t('sb_cashed_out')}</dt>
            <dd data-testid="sb-bet-cashed">{words.money(bet.cashedOut)}</dd>
          </div>
        )}
      </dl>
      {offer && canCashOut && (
        <div className="sb-cashout" data-testid="sb-cashout-box">
          {confirming ? (
            <div className="sb-cashout-confirm">
              <button type="button" className="btn btn-primary btn-sm" data-testid="sb-cashout-confirm" disabled={busy} onClick={() => void cashOut(null)}>
                {busy ? t('sb_cashing_out') : t('sb_cashout_confirm', { amount: words.money(offer) })}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setConfirming(false)}>
                {t('sb_cancel')}
              </button>
            </div>
          ) : (
            <div className="sb-cashout-row">
              <button type="button" className="btn btn-outline btn-sm sb-cashout-button" data-testid="sb-cashout" disabled={busy} onClick={() => setConfirming(true)}>
                {t('sb_cashout', { amount: words.money(offer) })}
              </button>
              {partialAllowed && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  data-testid="sb-partial-toggle"
                  aria-expanded={partialOpen}
                  onClick={() => {
                    if (!partialOpen && offerMinor !== null && partialText === '') setPartialText(minorText(Math.floor(offerMinor / 2)));
                    setPartialOpen(!partialOpen);
                  }}
                >
                  {t('sb_partial')}
                </button>
              )}
            </div>
          )}
          {partialAllowed && partialOpen && offerMinor !== null && (
            <div className="sb-partial">
              <label htmlFor={partialId}>{t('sb_partial_amount')}</label>
              <div className="sb-partial-inputs">
                <input
                  type="range"
                  min={1}
                  max={offerMinor - 1}
                  value={partialMinor !== null && partialMinor > 0 && partialMinor < offerMinor ? partialMinor : Math.floor(offerMinor / 2)}
                  aria-label={t('sb_partial_amount')}
                  data-testid="sb-partial-slider"
                  onChange={(event) => setPartialText(minorText(Number(event.target.value)))}
                />
                <input
                  id={partialId}
                  className="sb-stake sb-partial-amount"
                  inputMode="decimal"
                  data-testid="sb-partial-amount"
                  value={partialText}
                  placeholder={minorText(Math.floor(offerMinor / 2))}
                  onChange={(event) => setPartialText(event.target.value.replace(',', '.'))}
                />
              </div>
              <p className="sb-muted">{partialLeft !== null ? t('sb_partial_left', { amount: words.minor(partialLeft) }) : t('sb_partial_range', { max: words.minor(offerMinor - 1) })}</p>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                data-testid="sb-partial-submit"
                disabled={busy || partialLeft === null}
                onClick={() => void cashOut(minorText(partialMinor ?? 0))}
              >
                {partialMinor !== null && partialLeft !== null ? t('sb_cashout', { amount: words.minor(partialMinor) }) : t('sb_partial')}
              </button>
            </div>
          )}
        </div>
      )}
      {bet.status === 'open' && !offer && canCashOut && <p className="sb-muted sb-cashout-none">{t('sb_cashout_unavailable')}</p>}
      {error && (
        <p className="sb-error" role="alert" data-testid="sb-cashout-error">
          {error}
        </p>
      )}
    </li>
  );
}
