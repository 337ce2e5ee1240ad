import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveTable, type LiveLayoutProps, type LiveRound } from '../live/LiveTable';

const multiplierAt = (round: LiveRound, now: number) => (round.startedAt && round.growth ? Math.floor(100 * Math.exp(round.growth * Math.max(0, now - round.startedAt))) / 100 : 1);

function Controls(props: LiveLayoutProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('5');
  const [auto, setAuto] = useState('');
  const [, setFrame] = useState(0);
  const round = props.round;
  const running = round?.status === 'running';
  useEffect(() => {
    if (!running) return;
    let frame = 0;
    const step = () => {
      setFrame((value) => value + 1);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running]);
  const bet = props.myBets[0];
  const multiplier = round && running ? multiplierAt(round, props.serverNow()) : null;
  return (
    <div className="hl-felt hl-crash">
      <div className={`hl-crash-curve ${running ? 'is-running' : ''}`} data-testid="crash-multiplier">
        {multiplier !== null ? `${multiplier.toFixed(2)}×` : round?.result ? `${(Number(round.result.crashX100) / 100).toFixed(2)}×` : '1.00×'}
      </div>
      <div className="hl-crash-controls">
        <label>
          {t('hl_amount')}
          <input value={amount} inputMode="decimal" onChange={(event) => setAmount(event.target.value)} data-testid="crash-amount" />
        </label>
        <label>
          {t('hl_auto_cashout')}
          <input value={auto} inputMode="decimal" placeholder="2.00" onChange={(event) => setAuto(event.target.value)} data-testid="crash-auto" />
        </label>
        {running && bet?.status === 'placed' ? (
          <button type="button" className="btn btn-primary" data-testid="crash-cashout" disabled={props.busy} onClick={props.cashout}>
            {t('hl_cashout', { amount: multiplier ? (Number(bet.amount) * multiplier).toFixed(2) : bet.amount })}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="crash-bet"
            disabled={!props.bettingOpen || props.busy || !!bet}
            onClick={() => props.placeBet('crash', { amount, ...(auto.trim() ? { autoCashout: auto.trim() } : {}) })}
          >
            {t('hl_bet')}
          </button>
        )}
      </div>
    </div>
  );
}

/** Crash: one shared curve; cash out before it busts. */
export default function CrashGame() {
  const { t } = useTranslation();
  return (
    <LiveTable
      tableId="crash-1"
      title={t('hl_title_crash')}
      layout={(props) => <Controls {...props} />}
      resultView={(result) =>
        result ? (
          <span className={`hl-badge ${Number(result.crashX100) >= 200 ? 'is-high' : 'is-low'}`}>{(Number(result.crashX100) / 100).toFixed(2)}×</span>
        ) : (
          <span className="hl-pocket is-empty">…</span>
        )
      }
    />
  );
}
