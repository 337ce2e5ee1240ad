import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../state/session';
import { useWallet } from '../../../state/wallet';
import { ApiError } from '../../../api';
import { houseApi, verifyLink, type FairnessState, type HouseRound, type Rotation } from './houseApi';

/** What a settled round paid: a win above the stake, part of it back, or nothing. */
export function useOutcomeText(): (round: HouseRound) => string {
  const { t } = useTranslation();
  return (round) => {
    const win = Number(round.win);
    if (win > Number(round.amount)) return t('house_you_won', { amount: round.win });
    return win > 0 ? t('house_returned', { amount: round.win, multiplier: Number(round.multiplier).toFixed(2) }) : t('house_you_lost');
  };
}

export const errorText = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.message : fallback);

/** A solo game's page: title, balance, the game itself, then its fairness panel and history. */
export function SoloFrame({ game, title, children, history }: { game: string; title: string; children: ReactNode; history: number }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { balanceText } = useWallet();
  // A rotation reveals the seed of past rounds: the history reloads to offer their verification.
  const [rotations, setRotations] = useState(0);
  return (
    <div className="house-solo" data-game={game}>
      <div className="house-solo-top">
        <Link to="/" className="house-back">
          <span className="flip-rtl" aria-hidden="true">
            ←
          </span>{' '}
          {t('house_back')}
        </Link>
        <h1>{title}</h1>
        {member && (
          <span className="house-balance" data-testid="house-balance">
            {t('house_balance')}: {balanceText ?? '…'}
          </span>
        )}
      </div>
      {member ? (
        <>
          {children}
          <div className="house-solo-panels">
            <FairnessPanel game={game} refresh={history} onRotated={() => setRotations((count) => count + 1)} />
            <RoundHistory game={game} refresh={history + rotations} />
          </div>
        </>
      ) : (
        <p className="house-login-needed">
          {t('house_login_needed')} <Link to="/login">{t('house_login')}</Link>
        </p>
      )}
    </div>
  );
}

export function AmountInput({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const scale = (factor: number) => onChange(Math.max(0.1, Math.min(1000, Number(value || '0') * factor)).toFixed(2));
  return (
    <label className="house-field">
      <span>{t('house_bet_amount')}</span>
      <span className="house-amount">
        <input data-testid="house-amount" inputMode="decimal" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
        <button type="button" disabled={disabled} onClick={() => scale(0.5)}>
          ½
        </button>
        <button type="button" disabled={disabled} onClick={() => scale(2)}>
          2×
        </button>
      </span>
    </label>
  );
}

/** Plays a round, keeps its error text, and refreshes the balance and the panels afterwards. */
export function usePlay() {
  const { t } = useTranslation();
  const { refreshBalance } = useWallet();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [played, setPlayed] = useState(0);
  const run = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      setError(null);
      try {
        return await call();
      } catch (caught) {
        setError(errorText(caught, t('house_error')));
        return null;
      } finally {
        setBusy(false);
        setPlayed((count) => count + 1);
        void refreshBalance();
      }
    },
    [refreshBalance, t],
  );
  return { busy, error, played, run };
}

export function FairnessPanel({ game, refresh, onRotated }: { game: string; refresh: number; onRotated?: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<FairnessState | null>(null);
  const [seedInput, setSeedInput] = useState('');
  const [rotation, setRotation] = useState<Rotation | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    houseApi.fairness(game).then(setState, (error) => setMessage(errorText(error, t('house_error'))));
  }, [game, refresh, t]);
  const saveSeed = async () => {
    try {
      setState(await houseApi.setClientSeed(game, seedInput.trim()));
      setSeedInput('');
      setMessage(null);
    } catch (error) {
      setMessage(errorText(error, t('house_error')));
    }
  };
  const rotate = async () => {
    try {
      const rotated = await houseApi.rotate(game);
      setRotation(rotated);
      onRotated?.();
      setState({ game, serverSeedHash: rotated.newServerSeedHash, clientSeed: rotated.clientSeed, nonce: rotated.nonce });
      setMessage(null);
    } catch (error) {
      setMessage(errorText(error, t('house_error')));
    }
  };
  return (
    <section className="house-panel" data-testid="fairness-panel">
      <h2>{t('house_fairness')}</h2>
      <dl className="house-facts">
        <dt>{t('house_server_seed_hash')}</dt>
        <dd className="house-mono" data-testid="server-seed-hash">
          {state?.serverSeedHash ?? '…'}
        </dd>
        <dt>{t('house_client_seed')}</dt>
        <dd className="house-mono" data-testid="client-seed">
          {state?.clientSeed ?? '…'}
        </dd>
        <dt>{t('house_nonce')}</dt>
        <dd data-testid="nonce">{state?.nonce ?? '…'}</dd>
      </dl>
      <div className="house-row">
        <input aria-label={t('house_new_client_seed')} placeholder={t('house_new_client_seed')} value={seedInput} onChange={(event) => setSeedInput(event.target.value)} />
        <button type="button" disabled={!seedInput.trim()} onClick={() => void saveSeed()}>
          {t('house_set_client_seed')}
        </button>
        <button type="button" data-testid="rotate-seed" onClick={() => void rotate()}>
          {t('house_rotate')}
        </button>
      </div>
      {rotation && (
        <p className="house-revealed">
          {t('house_revealed_seed')}:{' '}
          <span className="house-mono" data-testid="revealed-seed">
            {rotation.revealedServerSeed}
          </span>
        </p>
      )}
      {message && (
        <p className="house-error" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}

export function RoundHistory({ game, refresh }: { game: string; refresh: number }) {
  const { t } = useTranslation();
  const [rounds, setRounds] = useState<HouseRound[]>([]);
  useEffect(() => {
    houseApi.rounds(game).then(
      (page) => setRounds(page.content),
      () => setRounds([]),
    );
  }, [game, refresh]);
  return (
    <section className="house-panel">
      <h2>{t('house_history')}</h2>
      {rounds.length === 0 ? (
        <p className="house-muted">{t('house_no_rounds')}</p>
      ) : (
        <table className="house-history" data-testid="house-history">
          <thead>
            <tr>
              <th>{t('house_nonce')}</th>
              <th>{t('house_bet')}</th>
              <th>{t('house_multiplier')}</th>
              <th>{t('house_win')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.roundId}>
                <td>{round.nonce}</td>
                <td>{round.amount}</td>
                <td>{Number(round.multiplier).toFixed(2)}×</td>
                <td className={Number(round.win) > 0 ? 'house-won' : ''}>{round.win}</td>
                <td>
                  {round.serverSeed ? (
                    <Link to={verifyLink(round)} data-testid="verify-link">
                      {t('house_verify')}
                    </Link>
                  ) : (
                    <span className="house-muted" title={t('house_rotate_to_verify')}>
                      {t('house_seed_hidden')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
