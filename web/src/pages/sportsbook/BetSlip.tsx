import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { ODDS_ACCEPTANCE, type OddsAcceptance } from '@wps/contracts';
import { ApiError, errorMessage } from '../../api';
import { uuid } from '../../uuid';
import { isQuotable, marketLabel, outcomeLabel } from './markets';
import {
  acceptChanges,
  changedPrices,
  fitSystemSize,
  minorOf,
  modeProblem,
  needsAcceptance,
  pickId,
  slipBodies,
  slipFigures,
  stakeProblem,
  systemSizes,
  withBookPrices,
  type SlipMessage,
  type SlipMode,
  type SlipPick,
} from './slip';
import { sportsbookApi, type MenuValue, type PlacedValue } from './sportsbookApi';
import type { SportsWords } from './useSportsWords';

const MODES: readonly SlipMode[] = ['single', 'parlay', 'system'];
/** Stakes one tap away, in major units. */
const QUICK_STAKES = ['5', '10', '25', '50', '100'];

export interface BetSlipProps {
  words: SportsWords;
  slip: readonly SlipPick[];
  setSlip: Dispatch<SetStateAction<SlipPick[]>>;
  limits: MenuValue['limits'] | null;
  /** Who bets: a guest is asked to sign in, a trial account cannot bet. */
  account: 'guest' | 'trial' | 'member';
  onLogin: () => void;
  /** After bets were placed: the balance and the member's bets are read again. */
  onPlaced: (bets: PlacedValue['bet'][]) => void;
}

/** A requestId the book accepts: letters and digits. */
const newRequestId = () => uuid().replace(/[^A-Za-z0-9]/g, '');

/**
 * The bet slip: its selections with their live prices, single / parlay / system bets, the stake and what it may pay,
 * the player's odds acceptance, and placing. A price that moved shows old → new; when the acceptance refuses the move,
 * "Accept changes" comes first. A suspended selection holds the slip until it is removed or opens again.
 */
export function BetSlip({ words, slip, setSlip, limits, account, onLogin, onPlaced }: BetSlipProps) {
  const { t } = words;
  const stakeId = useId();
  const acceptId = useId();
  const systemId = useId();
  const [mode, setMode] = useState<SlipMode>('single');
  const [systemSize, setSystemSize] = useState(2);
  const [stakeText, setStakeText] = useState('');
  const [acceptance, setAcceptance] = useState<OddsAcceptance>('higher');
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<string[] | null>(null);

  const size = fitSystemSize(slip.length, systemSize);
  const stakeMinor = minorOf(stakeText);
  const maxPayoutMinor = limits ? minorOf(limits.maxPayout) : null;
  const figures = stakeMinor === null ? null : slipFigures({ slip, mode, systemSize: size, stakeMinor, maxPayoutMinor, acceptance });
  const changes = slip.filter((pick) => needsAcceptance(pick, acceptance));
  const suspended = slip.some((pick) => !pick.available || !isQuotable(pick.current));
  const problem: SlipMessage | null =
    modeProblem(slip, mode) ??
    (suspended ? { key: 'sb_err_suspended' } : null) ??
    (changes.length > 0 ? { key: 'sb_err_accept_changes' } : null) ??
    (stakeText.trim() === '' ? { key: 'sb_enter_stake' } : limits ? stakeProblem(stakeText, limits) : stakeProblem(stakeText, { minStake: '0.01', maxStake: '1000000000' }));
  const live = slip.some((pick) => pick.live);

  const remove = (id: string) => {
    setError(null);
    setSlip((current) => current.filter((pick) => pickId(pick) !== id));
  };

  const place = async () => {
    if (account === 'guest') {
      onLogin();
      return;
    }
    if (problem || account !== 'member') return;
    const bodies = slipBodies({ slip, mode, systemSize: size, stakeText, acceptance });
    setPlacing(true);
    setError(null);
    setPlaced(null);
    const bets: PlacedValue['bet'][] = [];
    const done = new Set<string>();
    try {
      for (const body of bodies) {
        const value = await sportsbookApi.place({ ...body, requestId: newRequestId() });
        bets.push(value.bet);
        for (const selection of body.selections) done.add(pickId(selection));
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'SPORTS_ODDS_CHANGED') {
        const changed = changedPrices(failure.value);
        setSlip((current) => withBookPrices(current, changed));
      }
      setError(errorMessage(failure));
    } finally {
      setPlacing(false);
      if (bets.length > 0) {
        setSlip((current) => current.filter((pick) => !done.has(pickId(pick))));
        setPlaced(bets.map((bet) => bet.betId));
        onPlaced(bets);
      }
    }
  };

  const stakeLabel = mode === 'single' ? 'sb_stake_single' : mode === 'parlay' ? 'sb_stake_parlay' : 'sb_stake_system';
  return (
    <section className="sb-slip" data-testid="sb-slip" aria-label={t('sb_slip')}>
      <div className="sb-modes" role="tablist" aria-label={t('sb_bet_type')}>
        {MODES.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={mode === option}
            className={mode === option ? 'is-on' : undefined}
            data-testid={`sb-mode-${option}`}
            onClick={() => {
              setMode(option);
              setError(null);
            }}
          >
            {t(`sb_mode_${option}`)}
          </button>
        ))}
      </div>

      {placed && (
        <p className="sb-placed" role="status" data-testid="sb-placed">
          {t('sb_placed', { count: placed.length, ids: placed.map((id) => `#${id}`).join(', ') })}
        </p>
      )}
      {slip.length === 0 ? (
        !placed && <p className="sb-empty sb-slip-empty">{t('sb_slip_hint')}</p>
      ) : (
        <>
          <ul className="sb-picks">
            {slip.map((pick) => {
              const id = pickId(pick);
              const names = { home: pick.home, away: pick.away, outcomeName: pick.outcomeName };
              const moved = pick.current !== pick.price;
              const blocked = !pick.available || !isQuotable(pick.current);
              const sameEvent = mode !== 'single' && slip.some((other) => other !== pick && other.eventId === pick.eventId);
              return (
                <li key={id} className={`sb-pick${blocked ? ' is-blocked' : ''}${sameEvent ? ' is-conflict' : ''}`} data-testid="sb-pick" data-pick={id}>
                  <div className="sb-pick-main">
                    <span className="sb-pick-outcome">{words.label(outcomeLabel(pick, pick.outcome, names))}</span>
                    <span className="sb-pick-market">{words.label(marketLabel(pick, pick.sport))}</span>
                    <span className="sb-pick-event">
                      {pick.live && <span className="sb-live-badge">{t('sb_live')}</span>} {pick.eventName}
                    </span>
                    {blocked && <span className="sb-suspended-tag">{t('sb_suspended')}</span>}
                  </div>
                  <div className="sb-pick-side">
                    <span className={`sb-pick-price${moved ? (pick.current > pick.price ? ' is-up' : ' is-down') : ''}`} data-testid="sb-pick-price">
                      {moved && (
                        <>
                          <s data-testid="sb-pick-old">{words.odds(pick.price)}</s>
                          <span aria-hidden="true"> → </span>
                        </>
                      )}
                      {words.odds(pick.current)}
                    </span>
                    <button type="button" className="sb-remove" data-testid="sb-pick-remove" aria-label={t('sb_remove_pick')} title={t('sb_remove_pick')} onClick={() => remove(id)}>
                      ×
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>

          {changes.length > 0 && (
            <div className="sb-changes" role="status" data-testid="sb-changes">
              <span>{t('sb_prices_changed', { count: changes.length })}</span>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                data-testid="sb-accept-changes"
                onClick={() => {
                  setError(null);
                  setSlip((current) => acceptChanges(current));
                }}
              >
                {t('sb_accept_changes')}
              </button>
            </div>
          )}

          {mode === 'system' && systemSizes(slip.length).length > 0 && (
            <div className="sb-field">
              <label htmlFor={systemId}>{t('sb_system_size')}</label>
              <select id={systemId} data-testid="sb-system-size" value={size} onChange={(event) => setSystemSize(Number(event.target.value))}>
                {systemSizes(slip.length).map((option) => (
                  <option key={option} value={option}>
                    {t('sb_system_option', {
                      size: option,
                      of: slip.length,
                      count: slipFigures({ slip, mode: 'system', systemSize: option, stakeMinor: 0, maxPayoutMinor: null, acceptance })?.bets ?? 0,
                    })}
                  </option>
                ))}
              </select>
            </div>
          )}

          <div className="sb-field">
            <label htmlFor={stakeId}>{t(stakeLabel)}</label>
            <input
              id={stakeId}
              className="sb-stake"
              data-testid="sb-stake"
              inputMode="decimal"
              autoComplete="off"
              placeholder={limits ? t('sb_stake_placeholder', { min: limits.minStake, max: limits.maxStake }) : '0.00'}
              value={stakeText}
              onChange={(event) => setStakeText(event.target.value.replace(',', '.'))}
            />
            <div className="sb-quick">
              {QUICK_STAKES.map((amount) => (
                <button key={amount} type="button" className={stakeText === amount ? 'is-on' : undefined} data-testid={`sb-quick-${amount}`} onClick={() => setStakeText(amount)}>
                  {amount}
                </button>
              ))}
            </div>
          </div>

          <dl className="sb-summary" data-testid="sb-summary">
            {figures && figures.bets > 1 && (
              <div>
                <dt>{t('sb_bets')}</dt>
                <dd data-testid="sb-bet-count">{figures.bets}</dd>
              </div>
            )}
            {figures?.totalPrice ? (
              <div>
                <dt>{t('sb_total_odds')}</dt>
                <dd data-testid="sb-total-odds">{words.odds(figures.totalPrice)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('sb_total_stake')}</dt>
              <dd data-testid="sb-total-stake">{figures ? words.minor(figures.totalStakeMinor) : '—'}</dd>
            </div>
            <div className="is-payout">
              <dt>{t('sb_potential_payout')}</dt>
              <dd data-testid="sb-payout">{figures ? words.minor(figures.payoutMinor) : '—'}</dd>
            </div>
          </dl>

          <div className="sb-field sb-field-inline">
            <label htmlFor={acceptId}>{t('sb_accept_odds')}</label>
            <select id={acceptId} data-testid="sb-accept-odds" value={acceptance} onChange={(event) => setAcceptance(event.target.value as OddsAcceptance)}>
              {ODDS_ACCEPTANCE.map((option) => (
                <option key={option} value={option}>
                  {t(`sb_accept_${option}`)}
                </option>
              ))}
            </select>
          </div>

          {problem && problem.key !== 'sb_enter_stake' && (
            <p className="sb-problem" data-testid="sb-problem">
              {t(problem.key, problem.params)}
            </p>
          )}
          {account === 'trial' && <p className="sb-problem">{t('sb_real_account_needed')}</p>}
          {error && (
            <p className="sb-error" role="alert" data-testid="sb-place-error">
              {error}
            </p>
          )}
          {placing && (
            <p className="sb-accepting" role="status" data-testid="sb-accepting">
              <span className="sb-spinner" aria-hidden="true" />
              {live ? t('sb_accepting_live', { seconds: limits?.liveDelaySeconds ?? 0 }) : t('sb_placing')}
            </p>
          )}
          <div className="sb-slip-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              data-testid="sb-slip-clear"
              disabled={placing}
              onClick={() => {
                setError(null);
                setPlaced(null);
                setSlip([]);
              }}
            >
              {t('sb_clear')}
            </button>
            {account === 'guest' ? (
              <button type="button" className="btn btn-primary sb-place" data-testid="sb-place" onClick={onLogin}>
                {t('sb_sign_in_to_bet')}
              </button>
            ) : (
              <button type="button" className="btn btn-primary sb-place" data-testid="sb-place" disabled={placing || problem !== null || account !== 'member'} onClick={() => void place()}>
                {placing ? t('sb_placing_short') : figures ? t('sb_place_amount', { amount: words.minor(figures.totalStakeMinor) }) : t('sb_place')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
